// Noto Sans for each script, self-hosted. Latin is in the main stylesheet (every page has Latin
// text); an Indic script's stylesheet is fetched only when its language is chosen, so a visitor
// downloads only the fonts of the script they read. Weights 400 and 700 only.
import type { Script } from '../../contract/languages';

const loaders: Record<Exclude<Script, 'Latin'>, () => Promise<unknown>> = {
  Devanagari: () =>
    Promise.all([import('@fontsource/noto-sans-devanagari/devanagari-400.css'), import('@fontsource/noto-sans-devanagari/devanagari-700.css')]),
  Bengali: () => Promise.all([import('@fontsource/noto-sans-bengali/bengali-400.css'), import('@fontsource/noto-sans-bengali/bengali-700.css')]),
  Gujarati: () => Promise.all([import('@fontsource/noto-sans-gujarati/gujarati-400.css'), import('@fontsource/noto-sans-gujarati/gujarati-700.css')]),
  Kannada: () => Promise.all([import('@fontsource/noto-sans-kannada/kannada-400.css'), import('@fontsource/noto-sans-kannada/kannada-700.css')]),
  Malayalam: () =>
    Promise.all([import('@fontsource/noto-sans-malayalam/malayalam-400.css'), import('@fontsource/noto-sans-malayalam/malayalam-700.css')]),
  Oriya: () => Promise.all([import('@fontsource/noto-sans-oriya/oriya-400.css'), import('@fontsource/noto-sans-oriya/oriya-700.css')]),
  Tamil: () => Promise.all([import('@fontsource/noto-sans-tamil/tamil-400.css'), import('@fontsource/noto-sans-tamil/tamil-700.css')]),
  Telugu: () => Promise.all([import('@fontsource/noto-sans-telugu/telugu-400.css'), import('@fontsource/noto-sans-telugu/telugu-700.css')]),
};

const loaded = new Set<Script>(['Latin']);

export function loadScriptFont(script: Script): void {
  if (script === 'Latin' || loaded.has(script)) return;
  loaded.add(script);
  loaders[script]().catch((error: unknown) => {
    loaded.delete(script);
    // Text stays readable in the system font; only the typeface differs.
    console.warn(`font for ${script} not loaded`, error);
  });
}
