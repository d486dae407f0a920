import PlistCore

extension ProvisioningProfile {
  /// What a profile is for, as far as its property list tells.
  ///
  /// Apple does not write the kind into the profile; it is derived from the keys in `kind`'s
  /// documentation. The kinds are the developer website's profile types (App Store Connect API,
  /// `profileType`: `IOS_APP_DEVELOPMENT`, `IOS_APP_ADHOC`, `IOS_APP_STORE`, `IOS_APP_INHOUSE`,
  /// `MAC_APP_DEVELOPMENT`, `MAC_APP_STORE`, `MAC_APP_DIRECT`, and the tvOS and Mac Catalyst
  /// forms: https://developer.apple.com/documentation/appstoreconnectapi/profilecreaterequest/data/attributes).
  package enum Kind: String, Sendable, Equatable, CaseIterable {
    /// Runs a debuggable build on the listed devices (`*_APP_DEVELOPMENT`).
    case development
    /// Runs a release build on the listed devices (`IOS_APP_ADHOC`, `TVOS_APP_ADHOC`).
    case adHoc
    /// Authorizes an App Store (or TestFlight) submission (`*_APP_STORE`).
    case appStore
    /// In-House distribution of the Apple Developer Enterprise Program, on any device
    /// (`IOS_APP_INHOUSE`, `TVOS_APP_INHOUSE`).
    case enterprise
    /// Developer ID distribution of a Mac app outside the Mac App Store (`MAC_APP_DIRECT`,
    /// `MAC_CATALYST_APP_DIRECT`).
    case developerID
    /// The keys contradict each other or leave the kind open.
    case unknown
  }

  /// The profile's kind, derived conservatively from its keys; `.unknown` where Apple's
  /// documentation does not settle it.
  ///
  /// The rules, in order, each with what it rests on:
  /// 1. `ProvisionsAllDevices` true: TN3125 ("The Where") says "Developer ID and In-House
  ///    (Enterprise) distribution profiles have the `ProvisionsAllDevices` property". A Mac
  ///    profile (`Platform` names `OSX`) is `.developerID`: In-House profiles exist only for
  ///    iOS and tvOS (the `profileType` list has no Mac In-House type). Any other platform is
  ///    `.enterprise`. A device list as well, or no `Platform`, is `.unknown`.
  /// 2. A non-empty `ProvisionedDevices`: TN3125 says "most profiles apply to a specific list
  ///    of devices", which are the development and ad hoc types. `get-task-allow` true is
  ///    `.development`: that entitlement lets a debugger attach, and "Diagnosing issues with
  ///    entitlements" says it comes from the profile
  ///    (https://developer.apple.com/documentation/bundleresources/diagnosing-issues-with-entitlements).
  ///    `get-task-allow` false is `.adHoc` on iOS and its relatives. A Mac profile with devices
  ///    is `.development` whatever `get-task-allow` says: macOS has no ad hoc profile type
  ///    (`profileType` lists only `MAC_APP_DEVELOPMENT` with devices), and Mac code can claim
  ///    `com.apple.security.get-task-allow` without a profile (TN3125, "Entitlements on
  ///    macOS"). Without `get-task-allow` a non-Mac profile is `.unknown`.
  /// 3. Neither: TN3125 says "App Store distribution profiles have no `ProvisionedDevices`
  ///    property". `get-task-allow` false is `.appStore`; so is a Mac profile without
  ///    `get-task-allow` (for the reason above). `get-task-allow` true (a debuggable build
  ///    no device may run) or absent on other platforms is `.unknown`.
  ///
  /// Apple does not document a Developer ID profile's keys beyond `ProvisionsAllDevices` and
  /// "an expiration date far in the future" (TN3125, "The When"); the expiry is not used, as
  /// "far" has no documented bound.
  package var kind: Kind {
    let devices = provisionedDeviceCount > 0
    if provisionsAllDevices {
      if devices || platformNames.isEmpty { return .unknown }
      return isForMac ? .developerID : .enterprise
    }
    if devices {
      if isForMac { return .development }
      switch getTaskAllow {
      case true?: return .development
      case false?: return .adHoc
      case nil: return .unknown
      }
    }
    switch getTaskAllow {
    case false?: return .appStore
    case nil: return isForMac ? .appStore : .unknown
    case true?: return .unknown
    }
  }
}
