// One finding of the content checker: where it is, which check found it, in which language, and what is wrong.
export type Problem = { file: string; line: number; check: string; lang?: string; message: string };

export const formatProblem = (p: Problem) => `${p.file}:${p.line}${p.lang ? ` [${p.lang}]` : ''} ${p.check}: ${p.message}`;

/** What one check did: the problems it found, how many items it checked and how many were marked not checkable. */
export type CheckResult = { check: string; checked: number; marked: number; problems: Problem[] };
