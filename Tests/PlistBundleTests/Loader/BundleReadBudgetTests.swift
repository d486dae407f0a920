import Foundation
import PlistCore
import Testing

@testable import PlistBundle

/// `BundleReadBudget`: the bytes read for one input are summed over its files, and a file that
/// would pass the budget is refused by name, the rest of the bundle still read.
@Suite struct BundleReadBudgetTests {
  static let info = infoPlist([("CFBundleIdentifier", "com.example.app")])
  static let privacy = infoPlist([("NSPrivacyTracking", "no")])
  static let tree = MemoryTree(
    name: "App.app", files: ["Info.plist": info, "PrivacyInfo.xcprivacy": privacy])

  @Test func countsTheBytesOfEveryFileRead() {
    let budget = BundleReadBudget()
    let node = BundleWalker(tree: Self.tree, budget: budget).walk("", kind: .application)
    #expect(node.files.allSatisfy { $0.problem == nil })
    #expect(budget.bytesRead == Self.info.count + Self.privacy.count)
  }

  @Test func refusesTheFileThatWouldPassTheBudget() throws {
    let budget = BundleReadBudget(maxBytes: Self.info.count + 10)
    let node = BundleWalker(tree: Self.tree, budget: budget).walk("", kind: .application)
    let info = try #require(node.files.first { $0.role == .infoPlist })
    #expect(info.problem == nil)
    let privacy = try #require(node.files.first { $0.role == .privacyManifest })
    let problem = try #require(privacy.problem)
    #expect(problem.kind == .limitExceeded)
    #expect(problem.message.contains("BundleReadBudget.maxBytes"))
    #expect(problem.message.contains("\(Self.info.count + 10)"))
    #expect(budget.bytesRead == Self.info.count)
  }

  @Test func defaultIsFourGiB() {
    #expect(BundleReadBudget.defaultMaxBytes == 4 << 30)
    #expect(BundleReadBudget().maxBytes == 4_294_967_296)
  }
}
