// Requests the spec forbids are rejected, and boundary requests it allows pass: the cases of
// tests/harness/describe-negative-cases.ts, on the real spec.
import { describeNegativeCases } from "../harness/describe-negative-cases";
import { mockSubject } from "../harness/mock-context";

describeNegativeCases(mockSubject);
