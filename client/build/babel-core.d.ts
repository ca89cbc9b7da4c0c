// The part of @babel/core's API that build/graphql-documents.ts uses: the
// package ships no types, and @types/babel__core is not a dependency. The
// client preset's typings (babelOptimizerPlugin) name PluginObj and PluginPass.
declare module '@babel/core' {
  /** PluginPass is the state a plugin's visitor gets: the file being transformed. */
  export interface PluginPass {
    file: { opts: { filename?: string | null } };
  }

  /** PluginAPI is what Babel hands a plugin's factory; the build uses its node builders. */
  export interface PluginAPI {
    types: { valueToNode(value: unknown): object };
  }

  /** Identifier is a name in the code. */
  export interface Identifier {
    type: 'Identifier';
    name: string;
  }

  /** Statement is a statement of a module's body. */
  export interface Statement {
    type: string;
  }

  /** Program is the node of a whole module. */
  export interface Program {
    body: Statement[];
  }

  /** ImportSpecifier is one name of an import statement (`{ imported as local }`). */
  export interface ImportSpecifier {
    type: string;
    importKind?: 'type' | 'typeof' | 'value' | null;
    imported?: { type: string; name?: string };
    local: Identifier;
  }

  /** ImportDeclaration is an import statement. */
  export interface ImportDeclaration extends Statement {
    type: 'ImportDeclaration';
    importKind?: 'type' | 'typeof' | 'value' | null;
    specifiers: ImportSpecifier[];
    source: { value: string };
  }

  /** NodePath is a node where it stands in the tree. */
  export interface NodePath<T> {
    node: T;
    isReferencedIdentifier(): boolean;
    replaceWith(node: object): unknown;
    traverse(visitor: { Identifier?: (path: NodePath<Identifier>) => void }): void;
  }

  /** PluginObj is a plugin: its visitor, keyed by node type. */
  export interface PluginObj<S = PluginPass> {
    name?: string;
    visitor: {
      Program?: { exit: (path: NodePath<Program>, state: S) => void };
      [type: string]: ((path: NodePath<never>, state: S) => void) | { exit: (path: NodePath<never>, state: S) => void } | undefined;
    };
  }

  /** PluginItem is a plugin's factory, alone or with its options. */
  export type PluginItem = ((...args: never[]) => PluginObj) | [(...args: never[]) => PluginObj, object];

  /** TransformOptions are the options of transformAsync that the build sets. */
  export interface TransformOptions {
    filename?: string;
    babelrc?: boolean;
    configFile?: string | false;
    sourceMaps?: boolean;
    parserOpts?: { plugins?: string[] };
    plugins?: PluginItem[];
  }

  /** SourceMap is a version 3 source map, as Babel writes it. */
  export interface SourceMap {
    version: number;
    file?: string;
    sourceRoot?: string;
    sources: string[];
    sourcesContent?: string[];
    names: string[];
    mappings: string;
  }

  /** BabelFileResult is what transformAsync gives back. */
  export interface BabelFileResult {
    code?: string | null;
    map?: SourceMap | null;
  }

  export function transformAsync(code: string, options?: TransformOptions): Promise<BabelFileResult | null>;
}
