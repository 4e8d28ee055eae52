/** The connection doctor: which layer of a connection failed, with its frames and the next step. */
export { diagnose } from './diagnose';
export { LAYER_SCOPE, type LayerStatus, type LayerVerdict, type Verdict } from './types';
