import { describe, expect, test } from 'vitest';
import { markAnatomiesPure } from './pureAnatomies';
import { firstPageGroups, firstPageModules, type ChunkLike } from './signInChunks';

const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], extra: Partial<ChunkLike> = {}): ChunkLike => ({
  type: 'chunk',
  fileName,
  isEntry: false,
  facadeModuleId: moduleIds[0] ?? null,
  imports,
  moduleIds,
  ...extra,
});

describe('first page chunks', () => {
  // The bundler's own split: the entry, the sign-in page, the app, and what they share.
  const chunks = [
    chunk('index.js', ['/src/main.tsx', '/src/app/start.tsx'], ['react.js', 'shared-all.js'], { isEntry: true }),
    chunk('react.js', ['/nm/react/index.js']),
    chunk('shared-all.js', ['/nm/chakra/system.js']),
    chunk('SignInStage.js', ['/src/app/SignInStage.tsx', '/src/LoginPage.tsx'], ['shared-signin-app.js', 'tabs.js']),
    chunk('tabs.js', ['/nm/chakra/tabs.js']),
    chunk('shared-signin-app.js', ['/src/app/navigation.tsx']),
    chunk('router.js', ['/src/app/router.tsx', '/nm/react-router/index.js'], ['shared-signin-app.js']),
    chunk('Other.js', ['/src/Other.tsx'], ['tabs.js']),
  ];

  test('boot: the entry and what both the sign-in page and the app load; signin: the rest of the sign-in page', () => {
    const { boot, signIn } = firstPageModules(chunks, '/src/main.tsx', ['/src/app/SignInStage.tsx'], ['/src/app/router.tsx']);
    expect([...boot].toSorted()).toEqual(['/nm/chakra/system.js', '/nm/react/index.js', '/src/app/navigation.tsx', '/src/app/start.tsx']);
    expect([...signIn].toSorted()).toEqual(['/nm/chakra/tabs.js', '/src/LoginPage.tsx', '/src/app/SignInStage.tsx']);
    const [bootGroup, signInGroup] = firstPageGroups({ boot, signIn }, 3);
    // Windows paths match too.
    expect(bootGroup!.test('\\src\\app\\start.tsx')).toBe(true);
    expect(signInGroup!.test('/src/Other.tsx')).toBe(false);
    expect(bootGroup!.includeDependenciesRecursively).toBe(false);
  });

  test('refuses a pass without the expected modules', () => {
    expect(() => firstPageModules(chunks, '/src/main.tsx', ['/src/Missing.tsx'], ['/src/app/router.tsx'])).toThrow(/no chunk/);
  });

  test('anatomy calls are marked pure, nothing else', () => {
    const code = 'var anatomy = createAnatomy("tabs", ["root"]);\nvar parts = anatomy.build();\nconst x = y$1.extendWith("a");\nconst z = other("b");';
    expect(markAnatomiesPure(code)).toBe(
      'var anatomy = /* @__PURE__ */ createAnatomy("tabs", ["root"]);\nvar parts = /* @__PURE__ */ anatomy.build();\nconst x = /* @__PURE__ */ y$1.extendWith("a");\nconst z = other("b");',
    );
  });
});
