// The libraries that ../test-environment.js loads once per worker; jest.config.ts maps exactly these names.
module.exports = ["ajv", "ajv-formats", "find-my-way", "ajv/dist/standalone"];
