import type { AccessId, PomProduct } from '../../schemas/generated/config-types';
import type {
  DepositTypesDto,
  PensionProductsDto,
  ProductInstanceDto,
  ProductManagementProductDto,
  ProductTypesDto,
} from '../api/api-types';

/** docs/rules.md#product-access: liquid onboarding product ids (DWM) and robo ids; _NL variants count as DWM too. */
const DWM_TEMPLATES = /^DWM(100|70|50|30|MM)(_NL)?$/;
const ROBO_TEMPLATES = /^ROBO(30|50|70|100)$/;

/** docs/rules.md#product-access: a liquid instance counts as active unless REJECTED or CLOSED. */
export function isActiveLiquidInstance(instance: ProductInstanceDto): boolean {
  return instance.product_category === 'LIQUID' && instance.state !== 'REJECTED' && instance.state !== 'CLOSED';
}

export interface AccessSources {
  depositTypes?: DepositTypesDto;
  productTypes?: ProductTypesDto;
  products?: readonly ProductManagementProductDto[];
  instances?: readonly ProductInstanceDto[];
  pension?: PensionProductsDto;
}

const PRODUCT_FLAGS: Record<ProductManagementProductDto['productType'], AccessId> = {
  FIXED: 'HAS_FIXED_DEPOSIT_ACCOUNT',
  FLEX: 'HAS_FLEX_DEPOSIT_ACCOUNT',
  OVERNIGHT: 'HAS_OVERNIGHT_DEPOSIT_ACCOUNT',
  NOTICE: 'HAS_NOTICE_DEPOSIT_ACCOUNT',
};

/**
 * Turns the five access calls into the flags the visibility rules read. A call that failed or has not
 * answered contributes nothing, so its menus stay hidden rather than flashing in and out.
 */
export function deriveAccess(sources: AccessSources): { access: Set<AccessId>; pomProducts: Set<PomProduct> } {
  const access = new Set<AccessId>();
  const { depositTypes, productTypes } = sources;
  if (depositTypes)
    for (const key of ['overnight_account', 'notice_account', 'term_deposit'] as const)
      if (depositTypes[key] === true) access.add(key);
  if (productTypes)
    for (const key of ['term_product_access', 'overnight_product_access', 'notice_product_access'] as const)
      if (productTypes[key] === true) access.add(key);
  for (const product of sources.products ?? []) {
    const flag = PRODUCT_FLAGS[product.productType];
    if (flag) access.add(flag);
  }
  const active = (sources.instances ?? []).filter(isActiveLiquidInstance);
  if (active.some((i) => DWM_TEMPLATES.test(i.instance_template_domain_id))) access.add('hasDWMProduct');
  if (active.some((i) => ROBO_TEMPLATES.test(i.instance_template_domain_id))) access.add('hasMigratedRobo');
  const pomProducts = new Set<PomProduct>(
    (sources.pension?.data ?? []).filter((p): p is PomProduct => p === 'dwm' || p === 'pension'),
  );
  return { access, pomProducts };
}
