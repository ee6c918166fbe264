// Placeholder so the workspace typechecks before the generator and benchmarks land (issue 10).
export {};
