/** The analyser: frames in, annotations and session state out (lib/analyze/README.md is its catalog). */
export type { Severity, Annotation, AnalyzerOptions, RuleModule, RuleSpec } from './types';
export type { AnalysisState, Phase, RequestRecord, ProgressRecord, ToolInfo } from './state';
export { createAnalyzer, analyze, catalogOf, type Analyzer } from './engine';
export { RULE_MODULES } from './rules';
export { summarize, matches, worstSeverity, byFrame, countPhrase, SEVERITIES, type AnnotationFilter, type ExpertSummary, type SeveritySummary, type GroupSummary } from './summary';
