// The libraries that ../test-environment.js loads once per worker; jest.config.ts maps exactly these
// names, each to the file here named after it, its slashes written as dashes.
module.exports = ["ajv", "ajv-formats", "find-my-way", "ajv/dist/standalone"];
