import Glibc

/// What the figures were measured on, printed at the top of the table: the targets of docs/behaviour.md, "Quality bars"
/// are stated for the 2-core development machine, so a figure means little without this.
struct Machine: Sendable {
    var processors: Int
    var cpuModel: String
    var kernel: String
    /// `/proc/loadavg`'s first three numbers: how busy the machine was.
    var loadAverage: String

    static func current() -> Machine {
        Machine(
            processors: sysconf(Int32(_SC_NPROCESSORS_ONLN)),
            cpuModel: cpuModel() ?? "unknown CPU",
            kernel: kernel(),
            loadAverage: loadAverage())
    }

    static func cpuModel() -> String? {
        guard let text = ProcFiles.read("/proc/cpuinfo") else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("model name") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            return String(line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" })
        }
        return nil
    }

    static func kernel() -> String {
        var names = utsname()
        uname(&names)
        func field<T>(_ value: inout T) -> String {
            withUnsafeBytes(of: &value) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
        }
        return "\(field(&names.sysname)) \(field(&names.release)) \(field(&names.machine))"
    }

    static func loadAverage() -> String {
        let text = ProcFiles.read("/proc/loadavg") ?? ""
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }
}
