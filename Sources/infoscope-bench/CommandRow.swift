import Foundation
import PlistCore

/// One job a whole command does on a document.
enum CommandJob: String, Sendable, Codable, CaseIterable {
  /// Print the document for people (`infoscope print FILE`).
  case print
  /// Write it as XML (`infoscope convert FILE --to xml -o OUT`).
  case convertXML = "convert-xml"
  /// Write it as a binary property list.
  case convertBinary = "convert-binary"
  /// Write it as JSON.
  case convertJSON = "convert-json"
  /// Print one value (`infoscope get FILE KEYPATH`).
  case get
  /// Check it (`infoscope lint FILE`; exit status 0 and 1 both mean it ran).
  case lint

  /// Our command line's words after the file, as the table shows them.
  var label: String {
    switch self {
    case .print: "print"
    case .convertXML: "convert --to xml"
    case .convertBinary: "convert --to binary"
    case .convertJSON: "convert --to json"
    case .get: "get KEYPATH"
    case .lint: "lint"
    }
  }

  /// The format a conversion writes, or nil for the jobs that print.
  var output: PlistFormat? {
    switch self {
    case .convertXML: .xml
    case .convertBinary: .binary
    case .convertJSON: .json
    case .print, .get, .lint: nil
    }
  }
}

/// The input of a row of the whole-command section.
struct CommandDocument: Sendable {
  /// Which document: `generated` (the Info.plist-shaped one) or `dense` (plistlib's).
  var kind: String
  /// Its size label (`5k` … `100m`).
  var size: String
  /// The form read.
  var format: BenchFormat
  /// The file.
  var path: String
  /// The file's size, in bytes.
  var fileBytes: Int
  /// The XML form's size, in bytes (the memory target's yardstick).
  var xmlBytes: Int
  /// The key path `get` reads, in infoscope's syntax (`records[0].name`).
  var keyPath: String
  /// The same key path as `plutil -extract` takes it (`records.0.name`).
  var plutilKeyPath: String
  /// The value at the key path, when known before running (else ours' answer is the yardstick).
  var keyPathValue: String?
  /// A key every printed form of the document mentions.
  var mentions: String

  /// The key path as the Python scripts take it: keys and array indexes joined by `/`.
  var slashKeyPath: String { plutilKeyPath.replacingOccurrences(of: ".", with: "/") }
}

/// A command line to run, or why an implementation cannot do a job.
enum Invocation: Sendable, Equatable {
  /// Run these arguments (the first an absolute path).
  case run([String])
  /// The implementation cannot do the job; the reason is shown in the table.
  case cannot(String)
}

/// One implementation of the whole-command jobs: ours or a peer.
struct CommandImplementation: Sendable {
  /// Short stable identifier (`ours`, `plistutil`, `plistlib`, `plutil`, `libplist`).
  var id: String
  /// What the table calls it.
  var name: String
  /// Why it is not on this machine, or nil when it is.
  var absentReason: String?
  /// The command for a job on a document writing to an output path (conversions only).
  var command: @Sendable (CommandJob, CommandDocument, String) -> Invocation
  /// The exit statuses that mean the job ran (`lint`'s 1 is a verdict, not a failure).
  var succeeded: @Sendable (CommandJob, Int32) -> Bool = { _, status in status == 0 }
}

/// One implementation's figures on one row.
struct CommandTiming: Sendable, Codable, Equatable {
  /// The implementation's identifier.
  var implementation: String
  /// Its name in the table.
  var name: String
  /// Best wall time from spawn to reaped, in seconds; nil when it could not do the job.
  var seconds: Double?
  /// Peak resident set size of one run, in bytes.
  var peakRSSBytes: Int?
  /// True when `peakRSSBytes` is wait4's figure, which Linux floors at the bench's own peak.
  var rssFloored = false
  /// Why there is no time ("—" in the table).
  var note: String?
}

/// One row of the section: a job on a document, ours against each peer.
struct CommandRow: Sendable, Codable {
  /// `generated` or `dense`.
  var document: String
  /// The size label.
  var size: String
  /// The input's form.
  var format: BenchFormat
  /// The job.
  var job: CommandJob
  /// The input file's size, in bytes.
  var fileBytes: Int
  /// The XML form's size, in bytes.
  var xmlBytes: Int
  /// Timed runs per implementation.
  var runs: Int
  /// Ours.
  var ours: CommandTiming
  /// Every peer, present or not, in a fixed order.
  var peers: [CommandTiming]

  /// The peer with the best time, or nil when none did the job.
  var fastestPeer: CommandTiming? {
    peers.filter { $0.seconds != nil }.min { ($0.seconds ?? 0) < ($1.seconds ?? 0) }
  }

  /// Ours ÷ the fastest peer's time (below 1 = we are faster), or nil.
  var ratio: Double? { CommandBench.ratio(ours: ours.seconds, peer: fastestPeer?.seconds) }
}

/// The peak memory of our XML round trip on one document (`convert --to xml`).
struct CommandMemoryRow: Sendable, Codable {
  /// `generated` or `dense`.
  var document: String
  /// The size label.
  var size: String
  /// The input's form.
  var format: BenchFormat
  /// The input file's size, in bytes.
  var fileBytes: Int
  /// The XML form's size, in bytes.
  var xmlBytes: Int
  /// Our process's peak RSS, in bytes.
  var peakRSSBytes: Int
  /// The peak RSS of the same command converting a one-value file of the same format, in
  /// bytes: the process's own footprint, the code of the conversion included.
  var baselineRSSBytes: Int
  /// Each peer's peak RSS for the same job, in bytes, by name.
  var peers: [String: Int]

  /// True when the row is judged against the target: documents of 1 MB of XML and more.
  var judged: Bool {
    (BenchSize.named(size)?.targetBytes ?? xmlBytes) >= CommandBench.memoryJudgedFrom
  }

  /// (peak − baseline) ÷ the XML form's size.
  var ratio: Double {
    CommandBench.memoryRatio(peak: peakRSSBytes, baseline: baselineRSSBytes, xmlBytes: xmlBytes)
  }
}

/// One of our commands on a document nested as deep as we read, or deeper.
struct CommandDepthRow: Sendable, Codable {
  /// What was read (`XML, 100,000 levels`).
  var document: String
  /// The job.
  var job: CommandJob
  /// True when the document must be refused: exit status 66 and `nest deeper than` on standard
  /// error; for `lint`, which reports an unreadable file as a finding, exit status 1 and the
  /// finding on standard output.
  var mustRefuse: Bool
  /// Best wall time, in seconds.
  var seconds: Double?
  /// The exit status of the last run (128 + N for signal N).
  var status: Int32?
  /// Peak RSS of one run, in bytes.
  var peakRSSBytes: Int?
  /// The line that says why it refused (the one holding `nest deeper than`), else the first
  /// line of standard error.
  var message: String = ""
  /// Why the row fails, or nil when it passes.
  var problem: String?
}

/// The whole-command section's results.
struct CommandResult: Sendable, Codable {
  /// The binary measured.
  var binary: String
  /// The rows, by size, document, format and job.
  var rows: [CommandRow] = []
  /// Our XML round trip's memory, one row per document, size and format.
  var memory: [CommandMemoryRow] = []
  /// The deep documents.
  var depth: [CommandDepthRow] = []
  /// The peak RSS of `infoscope --version`, in bytes.
  var versionRSSBytes: Int?
  /// The peak RSS of `infoscope convert TINY --to xml -o OUT` for a one-value file (an empty
  /// array), in bytes, by the tiny file's format (`xml`, `binary`): the memory rows' baselines.
  var conversionBaselineRSSBytes: [String: Int] = [:]
  /// True when peak RSS figures come from GNU time (a fresh process), not floored wait4 ones.
  var rssFromGNUTime = false
  /// Peers not on this machine, with why.
  var absent: [String: String] = [:]
  /// What could not be measured, and why.
  var notes: [String] = []
}
