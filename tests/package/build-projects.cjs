// Builds TypeScript projects (folders with a tsconfig.json) in one `tsc --build` run, through the
// TypeScript API of the given `typescript` package: the programs share the parse of the files they
// all read, and the compiler's warm-up. Prints, as JSON, what `tsc --build <folders> --pretty false`
// prints (each error, with its file's path from the working directory) and, for each project, the
// files of its program and the type instantiations its check made (what --listFiles and
// --extendedDiagnostics would print).
// Usage: node build-projects.cjs <path of the typescript package> <folder>...
const { dirname, relative, resolve } = require("node:path");

const [typescript, ...folders] = process.argv.slice(2);
const ts = require(typescript);
const formatHost = { getCanonicalFileName: (file) => file, getCurrentDirectory: ts.sys.getCurrentDirectory, getNewLine: () => "\n" };
let output = "";
const projects = {};
const host = ts.createSolutionBuilderHost(
  ts.sys,
  undefined,
  (diagnostic) => {
    output += ts.formatDiagnostics([diagnostic], formatHost);
  },
  () => {},
);
// As tsc does: JSDoc is parsed only where it can hold a type error.
host.jsDocParsingMode = ts.JSDocParsingMode.ParseForTypeErrors;
host.afterProgramEmitAndDiagnostics = (builderProgram) => {
  const program = builderProgram.getProgram();
  const folder = relative(process.cwd(), dirname(program.getCompilerOptions().configFilePath));
  projects[folder] = {
    files: program.getSourceFiles().map((file) => resolve(file.fileName)),
    instantiations: program.getInstantiationCount(),
  };
};
const status = ts.createSolutionBuilder(host, folders, {}).build();
process.stdout.write(JSON.stringify({ status, output, projects }));
