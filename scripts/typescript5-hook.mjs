// openapi-typescript needs TypeScript 5's JS API (ts.factory, the printer); TypeScript 7, the
// project's compiler, has none. This resolve hook hands openapi-typescript the `typescript5`
// package (an alias of typescript@5 in devDependencies) and leaves every other import alone.
export async function resolve(specifier, context, next) {
  if (specifier === "typescript" && context.parentURL?.includes("/node_modules/openapi-typescript/")) {
    return next("typescript5", context);
  }
  return next(specifier, context);
}
