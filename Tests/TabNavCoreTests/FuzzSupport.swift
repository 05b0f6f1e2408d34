import TestSupport
import Foundation

/// A small deterministic generator (SplitMix64), so a failing fuzz input can be replayed.
enum FuzzSettings {
    /// The number of inputs a fuzz test tries: `byDefault`, or `TABNAV_FUZZ_STEPS` when set
    /// (`make fuzz` runs a million in release).
    static func steps(_ byDefault: Int) -> Int {
        Int(ProcessInfo.processInfo.environment["TABNAV_FUZZ_STEPS"] ?? "") ?? byDefault
    }

    /// `bytes` with 1–4 random bytes replaced, removed or inserted.
    static func mutate(_ bytes: [UInt8], using generator: inout SplitMix64) -> [UInt8] {
        var result = bytes
        for _ in 0..<Int.random(in: 1...4, using: &generator) where !result.isEmpty {
            let index = Int.random(in: 0..<result.count, using: &generator)
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: result[index] = UInt8.random(in: 0...255, using: &generator)
            case 1: result.remove(at: index)
            default: result.insert(UInt8.random(in: 0...255, using: &generator), at: index)
            }
        }
        return result
    }
}
