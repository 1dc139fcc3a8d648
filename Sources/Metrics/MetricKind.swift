/// The Prometheus type of a metric family.
public enum MetricKind: String, Sendable {
    case counter
    case gauge
    case histogram
}
