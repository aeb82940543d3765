import type { ComponentType } from 'react';
import type { FooterModel } from '../../resolver';
import type { FooterLayoutProps } from './footer-slots';
import { FooterLayoutV1 } from './FooterLayoutV1';
import { FooterLayoutV2 } from './FooterLayoutV2';

/** Footer layouts by the model's layout version (the footerV2 flag decides which, in the resolver). */
export const FooterLayouts = {
  v1: FooterLayoutV1,
  v2: FooterLayoutV2,
} satisfies Record<FooterModel['layout'], ComponentType<FooterLayoutProps>>;
