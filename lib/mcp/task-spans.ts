/**
 * Tasks of the 2026-07-28 tasks extension (io.modelcontextprotocol/tasks): a `tools/call` answered
 * `resultType: "task"` starts a task; the client's `tasks/get` polls, `tasks/update` answers and
 * `tasks/cancel` name it by `taskId`. The diagram draws the task as one span from the call, with
 * its polls folded into it.
 */
export interface TaskSpan {
  taskId: string;
  /** The request that created it, and the result that returned the handle. */
  callSeq: number;
  resultSeq: number;
  /** Request seqs of every tasks/* request that named it, in order. */
  polls: number[];
  /** The last status a result reported. */
  status?: string;
}

export class TaskSpans {
  private readonly byId = new Map<string, TaskSpan>();
  private readonly byPoll = new Map<number, TaskSpan>();

  created(taskId: string, callSeq: number, resultSeq: number, status?: string): void {
    if (!this.byId.has(taskId)) this.byId.set(taskId, { taskId, callSeq, resultSeq, polls: [], status });
  }

  /** A tasks/* request for `taskId` on frame `seq`. */
  polled(taskId: unknown, seq: number): void {
    const span = typeof taskId === 'string' ? this.byId.get(taskId) : undefined;
    if (!span) return;
    span.polls.push(seq);
    this.byPoll.set(seq, span);
  }

  status(taskId: unknown, status: unknown): void {
    const span = typeof taskId === 'string' ? this.byId.get(taskId) : undefined;
    if (span && typeof status === 'string') span.status = status;
  }

  /** The task a tasks/* request named. */
  spanOfPoll(seq: number): TaskSpan | undefined {
    return this.byPoll.get(seq);
  }

  get all(): TaskSpan[] {
    return [...this.byId.values()];
  }
}
