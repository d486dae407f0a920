import Foundation
import PlistBundle
import PlistCore
import PlistRules

/// The misspelling check's cost on documents full of unknown keys (issue 13, item 3): an
/// Info.plist whose root holds N keys no catalog entry knows, linted with `near_miss_key` alone
/// and with every rule.
///
/// `infoscope-bench --near-miss [N,N…]` prints one Markdown row per size; the default sizes are
/// 20,000 and 200,000 keys. Each time is the best of three runs, in process.
enum NearMissBench {
  /// The sizes measured when none is given.
  static let defaultSizes = [20_000, 200_000]

  /// Runs the measure with the arguments after `--near-miss`.
  ///
  /// - Returns: 0 after measuring, 64 when a size is not a positive whole number.
  static func main(_ arguments: [String]) -> Int32 {
    var sizes = defaultSizes
    if let list = arguments.first {
      let parsed = list.split(separator: ",").compactMap { Int($0) }.filter { $0 > 0 }
      guard parsed.count == list.split(separator: ",").count, !parsed.isEmpty else {
        printError("infoscope-bench: error: --near-miss expects sizes such as 20000,200000")
        return 64
      }
      sizes = parsed
    }
    guard let nearMiss = RuleCatalog.rule("near_miss_key") else {
      printError("infoscope-bench: error: no near_miss_key rule")
      return 1
    }
    print("| unknown keys | near_miss_key | per key | findings | whole lint | findings |")
    print("| --- | --- | --- | --- | --- | --- |")
    for size in sizes {
      let subject = LintSubject(path: "Info.plist", role: .infoPlist, root: document(keys: size))
      let alone = measure(Linter(rules: [nearMiss.init()]), subject)
      let whole = measure(Linter(), subject)
      print(
        "| \(size) | \(seconds(alone.time)) | \(format2(alone.time / Double(size) * 1e6)) µs "
          + "| \(alone.findings) | \(seconds(whole.time)) | \(whole.findings) |")
    }
    return 0
  }

  /// An Info.plist root with `keys` unknown keys of 8 to 40 characters, some a few edits away
  /// from catalog keys' lengths, plus one real misspelling so the rule has something to find.
  static func document(keys: Int) -> PlistNode {
    let words = [
      "Acme", "Vendor", "Setting", "Analytics", "Feature", "Flag", "Endpoint", "Token", "Remote",
      "Config", "Display", "Bundle", "Mode", "Limit",
    ]
    var entries: [PlistEntry] = [PlistEntry(key: "CFBundleIdentifer", node: "com.example.app")]
    entries.reserveCapacity(keys + 1)
    for index in 0..<keys {
      var key = "X"
      var n = index
      for _ in 0..<(2 + index % 4) {
        key += words[n % words.count]
        n /= words.count
      }
      key += String(index)
      entries.append(PlistEntry(key: key, node: "value"))
    }
    return PlistNode(.dictionary(PlistDictionary(entries)))
  }

  /// The best of three runs of `linter` on `subject`: seconds and the number of findings.
  private static func measure(
    _ linter: Linter, _ subject: LintSubject
  ) -> (
    time: Double, findings: Int
  ) {
    var best = Double.infinity
    var count = 0
    for _ in 0..<3 {
      let start = DispatchTime.now().uptimeNanoseconds
      count = linter.lint(subject).count
      let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
      best = min(best, elapsed)
    }
    return (best, count)
  }

  /// Seconds or milliseconds, for the table.
  private static func seconds(_ value: Double) -> String {
    value >= 1 ? "\(format2(value)) s" : "\(format2(value * 1000)) ms"
  }
}
