/**
 * Monaco, bundled locally (never the CDN @monaco-editor/react defaults to), with only the editor core and
 * the JSON language. This module is reached only through the lazy JsonView chunk, so none of it is in
 * the editor's first load.
 */
import { loader } from '@monaco-editor/react';
import * as monaco from 'monaco-editor/editor';
// The editor contributions (find/replace, folding, hover, suggest, go to line…); `monaco-editor/editor` alone has none.
import 'monaco-editor/features/register.all';
import { jsonDefaults } from 'monaco-editor/languages/features/json/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/languages/features/json/json.worker?worker';
import accessSchema from '../../schemas/access.schema.json';
import { commonSchema } from '../../schemas/locale-registry';
import flagsSchema from '../../schemas/flags.schema.json';
import localeConfigSchema from '../../schemas/locale-config.schema.json';
import marketsSchema from '../../schemas/markets.schema.json';
import type { Registry } from '../validation/registries';
import { registryCompletionAt } from './registry-completion';

interface MonacoWorkerEnvironment {
  getWorker: (workerId: string, label: string) => Worker;
}

(self as unknown as { MonacoEnvironment: MonacoWorkerEnvironment }).MonacoEnvironment = {
  getWorker: (_workerId, label) => (label === 'json' ? new JsonWorker() : new EditorWorker()),
};

/**
 * Model URIs mirror the repository (config/<id>.json beside schemas/), because documents carry
 * `"$schema": "../schemas/…"` and Monaco's JSON service resolves that against the model URI, ahead of fileMatch.
 */
export function modelPath(id: string): string {
  return `inmemory://portal/config/${id}.json`;
}

const schemaPath = (file: string): string => `inmemory://portal/schemas/${file}`;

jsonDefaults.setDiagnosticsOptions({
  validate: true,
  // The schemas reference each other by $id; registering all of them lets Monaco resolve the $refs offline.
  enableSchemaRequest: false,
  schemas: [
    { uri: commonSchema.$id, schema: commonSchema },
    { uri: accessSchema.$id, schema: accessSchema },
    { uri: flagsSchema.$id, schema: flagsSchema, fileMatch: ['flags.json'] },
    { uri: marketsSchema.$id, schema: marketsSchema, fileMatch: ['markets.json'] },
    { uri: localeConfigSchema.$id, schema: localeConfigSchema, fileMatch: ['*-*.json', 'en.json'] },
    // Under the path too: a schema reached by its path resolves its relative $refs (common.schema.json#/…) against it.
    { uri: schemaPath('common.schema.json'), schema: commonSchema },
    { uri: schemaPath('access.schema.json'), schema: accessSchema },
    { uri: schemaPath('flags.schema.json'), schema: flagsSchema },
    { uri: schemaPath('markets.schema.json'), schema: marketsSchema },
    { uri: schemaPath('locale-config.schema.json'), schema: localeConfigSchema },
  ],
});

/** The registries the completion below offers; the JSON view updates it (flags.json can change while open). */
let completionRegistry: Registry = { flags: [] };

export function setCompletionRegistry(registry: Registry): void {
  completionRegistry = registry;
}

// Flag and access ids at the value of a rule's "flag"/"access" key (registry-completion.ts decides where).
monaco.languages.registerCompletionItemProvider('json', {
  triggerCharacters: ['"', ':', ' '],
  provideCompletionItems(model, position) {
    const found = registryCompletionAt(model.getValue(), model.getOffsetAt(position), completionRegistry);
    if (!found) return { suggestions: [] };
    const start = model.getPositionAt(found.start);
    const end = model.getPositionAt(found.end);
    const range = new monaco.Range(start.lineNumber, start.column, end.lineNumber, end.column);
    return {
      suggestions: found.suggestions.map((s, index) => ({
        label: s.label,
        kind: monaco.languages.CompletionItemKind.EnumMember,
        insertText: s.insertText,
        filterText: s.insertText,
        detail: s.detail,
        ...(s.documentation ? { documentation: s.documentation } : {}),
        sortText: String(index).padStart(4, '0'),
        range,
      })),
    };
  },
});

// loader.config types expect the full 'monaco-editor' namespace; the editor-only build is what we ship.
loader.config({ monaco: monaco as unknown as Parameters<typeof loader.config>[0]['monaco'] });

export { monaco };
