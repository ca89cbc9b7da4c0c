// A part of a language's catalogue (build/split-catalogues.ts).
declare module '*?catalogue=home' {
  const strings: import('i18next').ResourceKey;
  export default strings;
}
declare module '*?catalogue=guest' {
  const strings: import('i18next').ResourceKey;
  export default strings;
}
declare module '*?catalogue=studio' {
  const strings: import('i18next').ResourceKey;
  export default strings;
}
