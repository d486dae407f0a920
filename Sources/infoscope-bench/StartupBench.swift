import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Start-up, from process start (issue 15, part 4): the whole `infoscope print` of the 5 KB
/// Info.plist against `plistutil` converting the same file from XML to binary in the same run,
/// and the inspector's first screen on a pseudo-terminal for that file, the corpus's apps and
/// an `.ipa` of one of them.
///
/// The peer was `plistutil -i FILE -p`, but libplist-utils 2.2.0 has no `-p`: it printed its
/// usage and exited 0, so the ratio compared our print with a usage message. The peer is now
/// a real job, reading and parsing the document and writing it (``peerCommand(_:input:output:)``),
/// and its output is checked (``checkPeer(_:output:)``) before its time counts.
///
/// The binary measured is the `infoscope` beside the bench (`.build/release/infoscope`, which
/// `swift build -c release` makes, as the README's install command does). Each command runs
/// with standard output to /dev/null, alternating ours and the peer; a figure is the best of N.
enum StartupBench {
  /// The largest `infoscope print` time ÷ the plistutil conversion's time that passes ("as fast
  /// as").
  static let printRatioLimit = 1.0
  /// The slowest first screen of a typical bundle that passes, in seconds.
  static let firstScreenLimit = 0.050

  /// One whole command's best run.
  struct Timing: Sendable, Codable {
    /// Best wall time from spawn to reaped, in seconds.
    var seconds: Double
    /// Median wall time, in seconds.
    var medianSeconds: Double
    /// Minor page faults of the best run.
    var pageFaults: Int
  }

  /// One document's first screen.
  struct FirstScreen: Sendable, Codable {
    /// What was opened (`generated 5 KB`, `corpus wdiodemoapp.app`).
    var document: String
    /// Best time from spawn to the end of the first screen, in seconds.
    var seconds: Double
    /// Median of the same, in seconds.
    var medianSeconds: Double
  }

  /// Everything measured, and what could not be.
  struct Result: Sendable, Codable {
    /// The binary measured.
    var binary: String
    /// Runs per figure.
    var runs: Int
    /// `infoscope print` of the 5 KB Info.plist.
    var ours: Timing?
    /// `plistutil` converting the same file from XML to binary (``peerLabel``).
    var plistutil: Timing?
    /// First screens, the generated 5 KB Info.plist first.
    var firstScreens: [FirstScreen] = []
    /// What could not be measured, and why.
    var notes: [String] = []

    /// Ours ÷ plistutil's best time, when both were measured.
    var ratio: Double? {
      guard let ours, let plistutil, plistutil.seconds > 0 else { return nil }
      return ours.seconds / plistutil.seconds
    }
  }

  /// The peer's command as the report names it.
  static let peerLabel = "plistutil -i F -f bin -o OUT (XML to binary)"

  /// The peer's command line: read `input` (XML), parse it, and write it to `output` as binary.
  static func peerCommand(_ plistutil: String, input: String, output: String) -> [String] {
    [plistutil, "-i", input, "-f", "bin", "-o", output]
  }

  /// Runs a peer command once and checks what it wrote.
  ///
  /// - Parameters:
  ///   - command: the peer's command line (the first an absolute path).
  ///   - output: the binary property list it must write.
  /// - Returns: nil when it exited 0 and wrote a binary property list that parses; otherwise
  ///   why the peer is refused.
  static func checkPeer(_ command: [String], output: String) -> String? {
    try? FileManager.default.removeItem(atPath: output)
    guard let (status, _, _) = Spawner.spawn(command) else {
      return "could not start \(command[0])"
    }
    guard status == 0 else { return "exit status \(status)" }
    return OutputCheck.plistFile(output, as: .binary)
  }

  /// Measures start-up.
  ///
  /// - Parameters:
  ///   - small: the generated 5 KB Info.plist.
  ///   - bench: this executable's absolute path; `infoscope` is looked for beside it.
  ///   - cache: where the `.ipa` made from a corpus app is kept.
  ///   - runs: runs per figure.
  /// - Returns: the figures, with a note for each one that could not be measured.
  static func run(small: String, bench: String, cache: String, runs: Int) -> Result {
    let binary = (bench as NSString).deletingLastPathComponent + "/infoscope"
    var result = Result(binary: binary, runs: runs)
    guard FileManager.default.isExecutableFile(atPath: binary) else {
      result.notes.append("no \(binary): build it first with swift build -c release")
      return result
    }
    if let stale = staleModule(of: binary) {
      result.notes.append(
        "\(binary) is older than its module \(stale): swift build -c release makes it afresh")
    }
    printError("measuring start-up: infoscope print against \(peerLabel)")
    var plistutil = Spawner.which("plistutil")
    let output = "\(cache)/startup-peer-\(getpid()).bplist"
    defer { try? FileManager.default.removeItem(atPath: output) }
    if let path = plistutil {
      if let problem = checkPeer(peerCommand(path, input: small, output: output), output: output) {
        result.notes.append("plistutil refused as the peer: \(problem)")
        plistutil = nil
      }
    } else {
      result.notes.append("plistutil not installed (Debian libplist-utils)")
    }
    var ours: [Sample] = []
    var theirs: [Sample] = []
    for _ in 0..<runs {
      guard let sample = Self.sample([binary, "print", small]), sample.status == 0 else {
        result.notes.append("infoscope print \(small) failed")
        break
      }
      ours.append(sample)
      if let plistutil,
        let peer = Self.sample(peerCommand(plistutil, input: small, output: output)),
        peer.status == 0
      {
        theirs.append(peer)
      }
    }
    result.ours = timing(ours)
    result.plistutil = timing(theirs)
    var documents: [(String, String)] = [("generated 5 KB", small)]
    let apps = corpusApps()
    documents += apps.map { ("corpus \(($0 as NSString).lastPathComponent)", $0) }
    if apps.isEmpty {
      result.notes.append("corpus apps skipped: none in \(CorpusInfoPlist.directory)")
    }
    if let largest = apps.last {
      switch makeIPA(of: largest, cache: cache) {
      case .success(let ipa):
        documents.append(("corpus \((ipa as NSString).lastPathComponent)", ipa))
      case .failure(let failure): result.notes.append(failure.reason)
      }
    }
    let terminal = PseudoTerminal()
    for (name, path) in documents {
      printError("measuring the first screen of \(name)")
      var times: [Double] = []
      do {
        for _ in 0..<runs {
          times.append(try terminal.firstScreen([binary, path]).seconds)
        }
      } catch {
        result.notes.append("first screen of \(name): \(error.reason)")
        continue
      }
      let sorted = times.sorted()
      result.firstScreens.append(
        FirstScreen(document: name, seconds: sorted[0], medianSeconds: sorted[sorted.count / 2]))
    }
    return result
  }

  /// A module of the binary built after it (`PlistCLI` when `swift run -c release
  /// infoscope-bench` rebuilt the modules but not `infoscope`), or nil; nil too when the
  /// build folders are not beside it.
  static func staleModule(of binary: String) -> String? {
    let files = FileManager.default
    let folder = (binary as NSString).deletingLastPathComponent
    func modified(_ path: String) -> Date? {
      (try? files.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }
    guard let built = modified(binary) else { return nil }
    for module in [
      "PlistCore", "PlistBundle", "PlistRules", "PlistEditing", "PlistCLI", "PlistUI",
      "PlistCurses",
    ] {
      let objects = folder + "/" + module + ".build"
      for name in (try? files.contentsOfDirectory(atPath: objects)) ?? []
      where name.hasSuffix(".o") {
        if let date = modified(objects + "/" + name), date > built { return module }
      }
    }
    return nil
  }

  /// One run of a command: wall time, page faults, exit status.
  struct Sample: Sendable {
    var seconds: Double
    var pageFaults: Int
    var status: Int32
  }

  /// Runs `arguments` once with standard input and output on /dev/null.
  static func sample(_ arguments: [String]) -> Sample? {
    guard let (status, seconds, usage) = Spawner.spawn(arguments) else { return nil }
    return Sample(seconds: seconds, pageFaults: usage.ru_minflt, status: status)
  }

  /// The best and median of `samples`, or nil for none.
  static func timing(_ samples: [Sample]) -> Timing? {
    guard let best = samples.min(by: { $0.seconds < $1.seconds }) else { return nil }
    let sorted = samples.map(\.seconds).sorted()
    return Timing(
      seconds: best.seconds, medianSeconds: sorted[sorted.count / 2], pageFaults: best.pageFaults)
  }

  /// The corpus's `bundles/*.app` folders, smallest first.
  static func corpusApps() -> [String] {
    let folder = CorpusInfoPlist.directory + "/bundles"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    let apps = names.filter { $0.hasSuffix(".app") }.map { folder + "/" + $0 }
    return apps.map { ($0, treeBytes($0)) }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.map(\.0)
  }

  /// The bytes of every file under `path`.
  static func treeBytes(_ path: String) -> Int {
    let files = FileManager.default
    var total = 0
    for case let name as String in files.enumerator(atPath: path) ?? NSEnumerator() {
      let size = (try? files.attributesOfItem(atPath: path + "/" + name))?[.size] as? NSNumber
      total += size?.intValue ?? 0
    }
    return total
  }

  /// `app` zipped as `Payload/NAME.app` into the cache (with Python's zipfile), made once.
  static func makeIPA(of app: String, cache: String) -> Swift.Result<String, PseudoTerminal.Failure>
  {
    let name = ((app as NSString).lastPathComponent as NSString).deletingPathExtension
    let ipa = "\(cache)/\(name).ipa"
    if FileManager.default.fileExists(atPath: ipa) { return .success(ipa) }
    guard let python = Spawner.which("python3") else {
      return .failure(PseudoTerminal.Failure(reason: ".ipa skipped: python3 not found"))
    }
    let script = """
      import os, sys, zipfile
      app, out = sys.argv[1], sys.argv[2]
      base = os.path.basename(app)
      with zipfile.ZipFile(out, 'w', zipfile.ZIP_DEFLATED) as z:
          for root, dirs, files in os.walk(app):
              dirs.sort()
              for f in sorted(files):
                  full = os.path.join(root, f)
                  z.write(full, 'Payload/' + base + '/' + os.path.relpath(full, app))
      """
    guard let made = sample([python, "-c", script, app, ipa + ".partial"]), made.status == 0,
      (try? FileManager.default.moveItem(atPath: ipa + ".partial", toPath: ipa)) != nil
    else {
      return .failure(PseudoTerminal.Failure(reason: ".ipa skipped: zipping \(app) failed"))
    }
    return .success(ipa)
  }
}

extension StartupBench {
  /// The section as Markdown.
  static func markdown(_ result: Result) -> String {
    var out = "\n## Start-up (whole process)\n\n"
    out += "`\(result.binary)`, best and median of \(result.runs) runs from spawn to exit, "
    out += "ours and the peer alternated, standard output to /dev/null; page faults are minor "
    out += "faults of the best run.\n\n"
    out += "| command (5 KB Info.plist) | best | median | page faults | ÷ plistutil |\n"
    out += "| --- | ---: | ---: | ---: | ---: |\n"
    for (name, timing) in [("infoscope print", result.ours), (peerLabel, result.plistutil)] {
      guard let timing else { continue }
      let ratio =
        name == "infoscope print" ? result.ratio.map { "\(format2($0))×" } ?? "—" : "1.00×"
      out += "| \(name) | \(duration(timing.seconds)) | \(duration(timing.medianSeconds)) "
      out += "| \(timing.pageFaults) | \(ratio) |\n"
    }
    if !result.firstScreens.isEmpty {
      out += "\nFirst screen of the inspector on a \(PseudoTerminal().columns)x"
      out += "\(PseudoTerminal().rows) pseudo-terminal, from spawn to the last byte before "
      out += "the output pauses (\(duration(PseudoTerminal().quiet))):\n\n"
      out += "| document | best | median |\n| --- | ---: | ---: |\n"
      for screen in result.firstScreens {
        out += "| \(screen.document) | \(duration(screen.seconds)) "
        out += "| \(duration(screen.medianSeconds)) |\n"
      }
    }
    for note in result.notes { out += "Not measured: \(note).\n" }
    return out
  }

  /// The two targets: `print` as fast as plistutil's, and every first screen under the limit.
  static func targets(_ result: Result) -> [TargetResult] {
    let printTarget =
      "infoscope print of a 5 KB Info.plist, process start included, ≤ "
      + "\(format2(printRatioLimit))× \(peerLabel)"
    let printVerdict: TargetResult
    if let ratio = result.ratio, let ours = result.ours, let peer = result.plistutil {
      printVerdict = TargetResult(
        status: ratio <= printRatioLimit ? "PASS" : "FAIL", target: printTarget,
        detail: "\(format2(ratio))× (\(duration(ours.seconds)) vs \(duration(peer.seconds)))")
    } else {
      printVerdict = TargetResult(
        status: "SKIP", target: printTarget, detail: result.notes.first ?? "not measured")
    }
    let screenTarget = "first screen from process start < \(duration(firstScreenLimit))"
    guard let slowest = result.firstScreens.max(by: { $0.seconds < $1.seconds }) else {
      return [
        printVerdict,
        TargetResult(
          status: "SKIP", target: screenTarget, detail: result.notes.last ?? "not measured"),
      ]
    }
    let each = result.firstScreens.map { "\($0.document) \(duration($0.seconds))" }
    return [
      printVerdict,
      TargetResult(
        status: slowest.seconds < firstScreenLimit ? "PASS" : "FAIL", target: screenTarget,
        detail: each.joined(separator: ", ")),
    ]
  }
}
