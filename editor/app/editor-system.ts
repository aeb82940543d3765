/**
 * The editor's Chakra UI system: Chakra's default tokens, global styles and conditions, with the recipes of the
 * components the editor uses only. `defaultSystem` carries all 76 recipes (date pickers, carousels, QR codes…),
 * about 26 KB gzip of the editor's first load; a component whose recipe is missing renders unstyled, so
 * editor-system.test.ts fails when the editor imports one that is not listed here (docs/editor-bundle.md#chakra-ui).
 */
import { createSystem, defaultBaseConfig, mergeConfigs } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breadcrumbSlotRecipe,
  breakpoints,
  buttonRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  collapsibleSlotRecipe,
  comboboxSlotRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dialogSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  kbdRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  nativeSelectSlotRecipe,
  popoverSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  segmentGroupSlotRecipe,
  semanticTokens,
  spinnerRecipe,
  splitterSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  tagSlotRecipe,
  textareaRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';

/** Recipe keys as Chakra's components ask for them (`useRecipe({ key })`). */
export const EDITOR_RECIPES = {
  badge: badgeRecipe,
  button: buttonRecipe,
  checkmark: checkmarkRecipe,
  code: codeRecipe,
  heading: headingRecipe,
  icon: iconRecipe,
  input: inputRecipe,
  inputAddon: inputAddonRecipe,
  kbd: kbdRecipe,
  link: linkRecipe,
  radiomark: radiomarkRecipe,
  spinner: spinnerRecipe,
  textarea: textareaRecipe,
};

export const EDITOR_SLOT_RECIPES = {
  alert: alertSlotRecipe,
  breadcrumb: breadcrumbSlotRecipe,
  checkbox: checkboxSlotRecipe,
  collapsible: collapsibleSlotRecipe,
  combobox: comboboxSlotRecipe,
  dialog: dialogSlotRecipe,
  field: fieldSlotRecipe,
  list: listSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  popover: popoverSlotRecipe,
  radioGroup: radioGroupSlotRecipe,
  segmentGroup: segmentGroupSlotRecipe,
  splitter: splitterSlotRecipe,
  switch: switchSlotRecipe,
  table: tableSlotRecipe,
  tabs: tabsSlotRecipe,
  tag: tagSlotRecipe,
};

/** Chakra's defaultConfig (its preset), with the recipe lists above in place of all of them. */
export const editorSystem = createSystem(
  mergeConfigs(defaultBaseConfig, {
    preflight: true,
    cssVarsPrefix,
    cssVarsRoot,
    globalCss,
    theme: {
      breakpoints,
      keyframes,
      tokens,
      semanticTokens,
      recipes: EDITOR_RECIPES,
      slotRecipes: EDITOR_SLOT_RECIPES,
      textStyles,
      layerStyles,
      animationStyles,
    },
  }),
);
