/** The analyser: frames in, annotations and session state out (lib/analyze/README.md is its catalog). */
export type { Severity, Annotation, AnalyzerOptions, Layer } from './types';
export { LAYERS } from './types';
export type { AnalysisState } from './state';
export { createAnalyzer, analyze, layerOf, type Analyzer } from './engine';
export { RULE_MODULES } from './rules';
export { summarize, worstSeverity, byFrame, countPhrase, SEVERITIES, type AnnotationFilter, type ExpertSummary, type GroupSummary } from './summary';
