import type { CustomerDto, PersonDto } from '../api/api-types';
import type { CustomerView } from '../resolver';
import { LOCALE_REGISTRY } from '../../schemas/locale-registry';

/** The customer's locale follows the country of its address: each market locale's country in config/locales.json. */
export const COUNTRY_LOCALES: Readonly<Record<string, string>> = Object.fromEntries(
  LOCALE_REGISTRY.locales.flatMap((entry) => (entry.country ? [[entry.country, entry.id]] : [])),
);

const ACADEMIC_TITLES: Readonly<Record<string, string>> = {
  DR: 'Dr.',
  PROF: 'Prof.',
  PROF_DR: 'Prof. Dr.',
  DIPL_ING: 'Dipl.-Ing.',
};

export function customerCountry(dto: CustomerDto): string | undefined {
  return (dto.address?.countryCode ?? dto.default_address?.country)?.toUpperCase();
}

/** The channel a customer without one belongs to (decided here, docs/api-calls.md#shapes-decided-here). */
export const DEFAULT_DISTRIBUTION_CHANNEL = 'direct';

/** What the calls after the customer take from it, derived alike for the hooks (useShellData) and the prefetch. */
export function afterCustomerInputs(dto: CustomerDto) {
  return {
    distributorId: dto.distributorId,
    channelId: dto.distributionChannel?.id ?? DEFAULT_DISTRIBUTION_CHANNEL,
    customerDomainId: dto.id,
    german: customerCountry(dto) === 'DE',
  };
}

export function primaryPerson(dto: CustomerDto): PersonDto | undefined {
  return dto.persons?.[0];
}

/** Derived fullName (docs/rules.md#customer-data): academic title, first, last. Unknown title codes are left out rather than shown raw. */
export function fullName(person: PersonDto): string {
  const title = person.personalDetails?.academicTitleCode;
  return [title ? ACADEMIC_TITLES[title] : undefined, person.firstName, person.lastName].filter(Boolean).join(' ');
}

const PENDING = /^PENDING_(KYC|[A-Z_]+_ACCOUNT_ACTIVATION)$/;

export function isPendingActivation(dto: CustomerDto): boolean {
  return (dto.pendingStates ?? []).some((state) => PENDING.test(state));
}

/** The header's view of a customer. A company's name is its legal name, kept in the person's last name. */
export function toCustomerView(dto: CustomerDto): CustomerView {
  const person = primaryPerson(dto);
  const isCompany = dto.customerType === 'COMPANY';
  const country = customerCountry(dto);
  const locale = country ? COUNTRY_LOCALES[country] : undefined;
  return {
    id: dto.id,
    bacNumber: dto.bacNumber,
    firstName: person?.firstName ?? '',
    lastName: person?.lastName ?? '',
    fullName: person
      ? isCompany
        ? [person.firstName, person.lastName].filter(Boolean).join(' ')
        : fullName(person)
      : dto.bacNumber,
    status: dto.status,
    isCompanyCustomer: isCompany,
    isPendingActivation: isPendingActivation(dto),
    ...(dto.distributorId ? { distributorId: dto.distributorId } : {}),
    ...(locale ? { locale } : {}),
  };
}

/** Restricted customers get the reduced account menu (docs/mocks.md). */
export function isRestricted(dto: CustomerDto): boolean {
  return dto.status === 'Restricted';
}
