import Foundation
import PlistCore
import PlistRules

/// `infoscope-bench --lint-scaling [N,...]`: lint's cost against the size of one dictionary.
///
/// For each N (default 32,000 and 200,000) an Info.plist is made with N ATS exception domains,
/// each allowing insecure HTTP loads with TLS 1.0 (two findings per domain), read with the XML
/// reader (so findings have positions to look up) and linted; the row gives the read and lint
/// times, the findings, and lint's microseconds per domain, which stays flat when lint is
/// linear in the dictionary (it grew with N when each finding's key lookup scanned the
/// dictionary).
enum LintScaling {
  /// Runs the measure and prints its Markdown table.
  ///
  /// - Returns: 0, or 64 for a count that is not a positive whole number.
  static func main(_ arguments: [String]) -> Int32 {
    var counts = [32_000, 200_000]
    if let list = arguments.first {
      let parsed = list.split(separator: ",").compactMap { Int($0) }.filter { $0 > 0 }
      guard parsed.count == list.split(separator: ",").count, !parsed.isEmpty else {
        FileHandle.standardError.write(Data("usage: infoscope-bench --lint-scaling [N,...]\n".utf8))
        return 64
      }
      counts = parsed
    }
    print("| ATS exception domains | XML bytes | read | lint | findings | lint per domain |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: |")
    for count in counts {
      let bytes = document(domains: count)
      let clock = ContinuousClock()
      let start = clock.now
      guard let plist = try? PlistReader.read(bytes: bytes, file: "Info.plist") else {
        print("| \(count) | \(bytes.count) | (did not read) | | | |")
        continue
      }
      let read = clock.now
      let subject = LintSubject(path: "Info.plist", role: .infoPlist, root: plist.root)
      let findings = Linter().lint(subject)
      let linted = clock.now
      let lintSeconds = seconds(linted - read)
      print(
        "| \(count) | \(bytes.count) | \(format(seconds(read - start))) s "
          + "| \(format(lintSeconds)) s | \(findings.count) "
          + "| \(format(lintSeconds / Double(count) * 1e6)) µs |")
    }
    return 0
  }

  /// An Info.plist with `domains` exception domains.
  static func document(domains: Int) -> [UInt8] {
    var text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0">
      <dict>
      \t<key>CFBundleIdentifier</key>
      \t<string>com.example.scaling</string>
      \t<key>NSAppTransportSecurity</key>
      \t<dict>
      \t\t<key>NSExceptionDomains</key>
      \t\t<dict>

      """
    text.reserveCapacity(domains * 200)
    for i in 0..<domains {
      text += "\t\t\t<key>d\(i).example.com</key>\n\t\t\t<dict>\n"
      text += "\t\t\t\t<key>NSExceptionAllowsInsecureHTTPLoads</key>\n\t\t\t\t<true/>\n"
      text += "\t\t\t\t<key>NSExceptionMinimumTLSVersion</key>\n\t\t\t\t<string>TLSv1.0</string>\n"
      text += "\t\t\t</dict>\n"
    }
    text += "\t\t</dict>\n\t</dict>\n</dict>\n</plist>\n"
    return Array(text.utf8)
  }

  private static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }

  private static func format(_ value: Double) -> String { String(format: "%.3f", value) }
}
