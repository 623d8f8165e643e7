import { describe, expect, it } from 'vitest';
import { chunkCycle } from './chunkCycles';

const chunk = (fileName: string, imports: string[], isEntry = false) => ({ fileName, imports, isEntry });

describe('chunkCycle', () => {
  it('finds a circle between shared chunks, directly or through others', () => {
    expect(chunkCycle([chunk('a.js', ['b.js']), chunk('b.js', ['a.js'])])).toEqual(['a.js', 'b.js', 'a.js']);
    expect(chunkCycle([chunk('a.js', ['b.js']), chunk('b.js', ['c.js']), chunk('c.js', ['a.js'])])).toEqual(['a.js', 'b.js', 'c.js', 'a.js']);
  });

  it('accepts a graph without circles, and circles through the entry', () => {
    expect(chunkCycle([chunk('a.js', ['b.js', 'c.js']), chunk('b.js', ['c.js']), chunk('c.js', [])])).toBeNull();
    expect(chunkCycle([chunk('index.js', ['boot.js'], true), chunk('boot.js', ['index.js'])])).toBeNull();
  });
});
