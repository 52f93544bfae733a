import type { Plugin } from 'vite';

export function precompress(dir: string, only?: Iterable<string>): number;
export function precompressPlugin(): Plugin;
