/**
 * The OTLP/JSON shape of an export request, as opentelemetry-proto defines it (the
 * `ExportTraceServiceRequest` and `ExportMetricsServiceRequest` messages in their JSON mapping:
 * lowerCamelCase field names, trace and span ids as hex, 64-bit integers as decimal strings or
 * numbers, enums as their numbers). Every object is strict: a field the protocol does not define is
 * a failure, so a test that parses what a receiver got checks the structure, not only the values.
 * The schemas are tied at compile time to the OpenTelemetry JS project's own types for the same
 * messages (`satisfies` below), so the two cannot drift apart unnoticed.
 */
import { z } from 'zod';
import type { IExportMetricsServiceRequest } from '@opentelemetry/otlp-transformer/build/src/metrics/internal-types';
import type { IExportTraceServiceRequest } from '@opentelemetry/otlp-transformer/build/src/trace/internal-types';

const hex = (bytes: number) => z.string().regex(new RegExp(`^[0-9a-f]{${bytes * 2}}$`), `${bytes} bytes as lowercase hex`);
/** A protobuf (s)fixed64/uint64 in JSON: a decimal string, or a number. */
const int64 = z.union([z.string().regex(/^-?\d+$/), z.number().int()]);

interface AnyValue {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: number;
  doubleValue?: number;
  bytesValue?: string;
  arrayValue?: { values: AnyValue[] };
  kvlistValue?: { values: Array<{ key: string; value: AnyValue }> };
}
const anyValue: z.ZodType<AnyValue> = z.lazy(() =>
  z
    .strictObject({
      stringValue: z.string(),
      boolValue: z.boolean(),
      // The JSON mapping allows a string too; the JS project's type (and so its exporter) uses a number.
      intValue: z.number().int(),
      doubleValue: z.number(),
      bytesValue: z.string(),
      arrayValue: z.strictObject({ values: z.array(anyValue) }),
      kvlistValue: z.strictObject({ values: z.array(keyValue) }),
    })
    .partial()
    .refine((v) => Object.keys(v).length === 1, 'an AnyValue holds exactly one of its fields'),
);
const keyValue = z.strictObject({ key: z.string(), value: anyValue });
const attributes = z.array(keyValue);

const resource = z.strictObject({ attributes, droppedAttributesCount: z.number().int(), schemaUrl: z.string().optional() });
const scope = z.strictObject({
  name: z.string(),
  version: z.string().optional(),
  attributes: attributes.optional(),
  droppedAttributesCount: z.number().int().optional(),
});

const span = z.strictObject({
  traceId: hex(16),
  spanId: hex(8),
  traceState: z.string().optional(),
  parentSpanId: hex(8).optional(),
  flags: z.number().int().optional(),
  name: z.string(),
  kind: z.number().int().min(0).max(5),
  startTimeUnixNano: int64,
  endTimeUnixNano: int64,
  attributes,
  droppedAttributesCount: z.number().int(),
  events: z.array(z.strictObject({ timeUnixNano: int64, name: z.string(), attributes, droppedAttributesCount: z.number().int() })),
  droppedEventsCount: z.number().int(),
  links: z.array(
    z.strictObject({
      traceId: hex(16),
      spanId: hex(8),
      traceState: z.string().optional(),
      attributes,
      droppedAttributesCount: z.number().int(),
      flags: z.number().int().optional(),
    }),
  ),
  droppedLinksCount: z.number().int(),
  status: z.strictObject({ code: z.number().int().min(0).max(2), message: z.string().optional() }),
});

export const TraceRequest = z.strictObject({
  resourceSpans: z.array(
    z.strictObject({
      resource: resource.optional(),
      scopeSpans: z.array(z.strictObject({ scope: scope.optional(), spans: z.array(span).optional(), schemaUrl: z.string().optional() })),
      schemaUrl: z.string().optional(),
    }),
  ),
}) satisfies z.ZodType<IExportTraceServiceRequest>;

const histogramPoint = z.strictObject({
  attributes,
  startTimeUnixNano: int64,
  timeUnixNano: int64,
  count: z.number().int(),
  sum: z.number().optional(),
  bucketCounts: z.array(z.number().int()),
  explicitBounds: z.array(z.number()),
  min: z.number().optional(),
  max: z.number().optional(),
  flags: z.number().int().optional(),
});
const numberPoint = z.strictObject({
  attributes,
  startTimeUnixNano: int64.optional(),
  timeUnixNano: int64,
  asDouble: z.number().optional(),
  asInt: z.number().int().optional(),
  flags: z.number().int().optional(),
});
const metric = z.strictObject({
  name: z.string(),
  description: z.string().optional(),
  unit: z.string().optional(),
  histogram: z.strictObject({ dataPoints: z.array(histogramPoint), aggregationTemporality: z.number().int().min(0).max(2) }).optional(),
  sum: z
    .strictObject({ dataPoints: z.array(numberPoint), aggregationTemporality: z.number().int().min(0).max(2), isMonotonic: z.boolean().optional() })
    .optional(),
  gauge: z.strictObject({ dataPoints: z.array(numberPoint) }).optional(),
});

export const MetricsRequest = z.strictObject({
  resourceMetrics: z.array(
    z.strictObject({
      resource: resource.optional(),
      scopeMetrics: z.array(z.strictObject({ scope: scope.optional(), metrics: z.array(metric), schemaUrl: z.string().optional() })),
      schemaUrl: z.string().optional(),
    }),
  ),
}) satisfies z.ZodType<IExportMetricsServiceRequest>;

export type OtlpSpan = z.infer<typeof span>;
export type OtlpMetric = z.infer<typeof metric>;
export type OtlpKeyValue = z.infer<typeof keyValue>;
