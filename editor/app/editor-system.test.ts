import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { defaultSystem } from '@chakra-ui/react';
import { EDITOR_RECIPES, EDITOR_SLOT_RECIPES, editorSystem } from './editor-system';

/**
 * What each Chakra export the editor imports needs from the system: its recipe keys (checked against
 * Chakra's components: `useRecipe({ key })` / `useSlotRecipe({ key })`), or none for layout and plumbing.
 * An import missing here fails the test: decide its recipes, or the component would render unstyled.
 */
const RECIPES_OF: Record<string, readonly string[]> = {
  Alert: ['alert'],
  Badge: ['badge'],
  Box: [],
  Breadcrumb: ['breadcrumb'],
  Button: ['button'],
  Center: [],
  ChakraProvider: [],
  Checkbox: ['checkbox', 'checkmark'],
  CloseButton: ['button'],
  Code: ['code'],
  Collapsible: ['collapsible'],
  Combobox: ['combobox'],
  Dialog: ['dialog', 'button'],
  Field: ['field'],
  Flex: [],
  Group: [],
  HStack: [],
  Heading: ['heading'],
  Icon: ['icon'],
  IconButton: ['button'],
  Input: ['input'],
  InputGroup: ['inputAddon'],
  Kbd: ['kbd'],
  Link: ['link'],
  List: ['list'],
  NativeSelect: ['nativeSelect'],
  Popover: ['popover'],
  Portal: [],
  RadioGroup: ['radioGroup', 'radiomark'],
  SegmentGroup: ['segmentGroup'],
  SimpleGrid: [],
  Spinner: ['spinner'],
  Splitter: ['splitter'],
  Stack: [],
  Switch: ['switch'],
  Table: ['table'],
  Tabs: ['tabs'],
  Tag: ['tag'],
  Text: [],
  Textarea: ['textarea'],
  VStack: [],
  VisuallyHidden: [],
  chakra: [],
  createListCollection: [],
  createSystem: [],
  defaultBaseConfig: [],
  mergeConfigs: [],
  defaultSystem: [],
  useFilter: [],
  useListCollection: [],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

/** Every name the editor's own code imports from '@chakra-ui/react' (types left out). */
function chakraImports(): Map<string, string> {
  const names = new Map<string, string>();
  for (const file of sourceFiles('editor')) {
    for (const [, list] of readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)) {
      for (const part of list!.split(',')) {
        const name = part
          .trim()
          .split(/\s+as\s+/)[0]!
          .trim();
        if (name && !name.startsWith('type ')) names.set(name, file);
      }
    }
  }
  return names;
}

describe('the editor system', () => {
  it('has the recipes of every Chakra component the editor imports', () => {
    const imported = chakraImports();
    expect(imported.size).toBeGreaterThan(20);
    for (const [name, file] of imported) {
      expect(
        RECIPES_OF[name],
        `${name} (imported by ${file}) is not in RECIPES_OF: list the recipe keys it uses`,
      ).toBeDefined();
      for (const key of RECIPES_OF[name]!)
        expect(editorSystem.isRecipe(key) || editorSystem.isSlotRecipe(key), `${name} needs the recipe "${key}"`).toBe(
          true,
        );
    }
  });

  it('styles those components exactly as the default system does', () => {
    for (const key of Object.keys(EDITOR_RECIPES))
      expect(editorSystem.getRecipe(key)).toEqual(defaultSystem.getRecipe(key));
    for (const key of Object.keys(EDITOR_SLOT_RECIPES))
      expect(editorSystem.getSlotRecipe(key)).toEqual(defaultSystem.getSlotRecipe(key));
  });

  it('has the default tokens, global styles and preflight', () => {
    expect(editorSystem.getTokenCss()).toEqual(defaultSystem.getTokenCss());
    expect(editorSystem.getGlobalCss()).toEqual(defaultSystem.getGlobalCss());
    expect(editorSystem.getPreflightCss()).toEqual(defaultSystem.getPreflightCss());
    expect(editorSystem.token('colors.blue.700')).toBe(defaultSystem.token('colors.blue.700'));
  });

  it('leaves out the recipes the editor does not use', () => {
    expect(editorSystem.isSlotRecipe('datePicker')).toBe(false);
    expect(editorSystem.isSlotRecipe('carousel')).toBe(false);
  });
});
