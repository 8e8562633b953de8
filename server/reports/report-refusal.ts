// A report that cannot be given for a reason the user can act on (too many rows to print, for instance):
// answered with its status and sentence, never as a server failure.
export class ReportRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
