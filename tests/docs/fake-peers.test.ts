// The fake needs optional peers that a user installs: what startFakeServer's JSDoc and the README
// tell them to install must be what the fake loads (src/testing/fake/spec/peer-modules.ts), at the
// versions this repository tests with.
import { readFileSync } from "node:fs";
import { join } from "node:path";

const root = join(__dirname, "..", "..");
const read = (file: string) => readFileSync(join(root, file), "utf8");
const loader = read("src/testing/fake/spec/peer-modules.ts");
const pinned = Object.fromEntries(
  [.../const PINNED = \{([^}]*)\}/.exec(loader)![1]!.matchAll(/"?([\w-]+)"?: "([\d.]+)"/g)].map(([, name, version]) => [name!, version!]),
);
const install = `npm install --save-dev ${Object.entries(pinned)
  .map(([name, version]) => `${name}@${version}`)
  .join(" ")}`;

test("the fake loads the peers it pins, which the package declares and this repository installs at those versions", () => {
  expect(Object.keys(pinned).sort()).toEqual(["ajv", "ajv-formats", "find-my-way"]);
  for (const name of Object.keys(pinned)) expect(loader).toContain(`("${name}")`);
  const manifest = JSON.parse(read("package.json"));
  for (const [name, version] of Object.entries(pinned)) {
    expect([name, manifest.devDependencies[name]]).toEqual([name, version]);
    expect([name, manifest.peerDependenciesMeta[name]?.optional]).toEqual([name, true]);
  }
});

test("startFakeServer's JSDoc and the README name exactly those peers, with the command that installs them", () => {
  const source = read("src/testing/fake/start-fake-server.ts");
  const jsdoc = source.slice(0, source.indexOf("export async function startFakeServer")).split("/**").pop()!;
  expect(jsdoc.replace(/\n\s*\*\s*/g, " ")).toContain(install);
  expect(read("README.md")).toContain(install);
});
