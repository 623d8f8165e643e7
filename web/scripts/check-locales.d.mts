export declare const LOCALES_DIR: string;
export declare const LANGUAGES: string[];
export declare function compareLocales(dir?: string): string[];
