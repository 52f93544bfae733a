export const root: string;
export const serverDir: string;
export const infrastructure: string[];
export const assembly: string[];
export const areas: string[];
export const topLevelFiles: string[];
export function areaOf(file: string): string | null;
export function areaGraph(): Map<string, Map<string, string>>;
export function pathBetween(from: string, to: string): string[] | null;
