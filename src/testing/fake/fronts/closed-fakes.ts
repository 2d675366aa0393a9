// Internal: the fakes of this process that were closed. The MSW handlers of one fake leave a
// request to another fake's handlers only while that fake is open: a closed one answers no app.
export const CLOSED_FAKES = new WeakSet<object>();
