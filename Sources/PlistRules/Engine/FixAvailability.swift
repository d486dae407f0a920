/// Why a rule's findings offer no fix, rule by rule: the inspector's detail pane shows the
/// reason under a finding that has no edit to apply.
///
/// A fix is offered only where the right edit is certain (remove an ignored key, rename a
/// misspelt one, add what Apple prescribes). For the rest, the edit depends on what only the
/// developer knows, or on a file infoscope does not edit; the table says which. A rule may set
/// its own reason for one finding (`Finding.noFixReason`). Kept apart from the rules so the
/// reasons can be read, and checked, in one place (`FixAvailabilityTests`).
package enum FixAvailability {
  /// The reason findings of the rule `identifier` have no fix, or nil when none is recorded.
  package static func reason(for identifier: String) -> String? {
    reasons[identifier]
  }

  /// A choice only the developer can make.
  private static let yours = "the right value depends on what the app does, which only you know"

  /// Reasons by rule identifier.
  static let reasons: [String: String] = [
    "app_store_icon_alpha": "the icon image itself must be re-exported without transparency",
    "arbitrary_loads":
      "only you know which domains need the exception; narrowing it to NSExceptionDomains is "
      + "a design change",
    "background_mode_companion": yours,
    "blank_purpose_string": "only you can write the sentence that tells people why",
    "deprecated_key":
      "the replacement may need other keys too, and older deployment targets may still read "
      + "the old key",
    "development_push_environment":
      "the environment follows the provisioning profile you sign with; which one is not "
      + "certain from this file",
    "device_capabilities_form": yours,
    "duplicate_bundle_identifier": "the identifiers are registered with Apple; choose one",
    "duplicate_url_scheme": "which bundle should own the scheme is yours to decide",
    "empty_exception_domain":
      "an empty domain still keeps full App Transport Security for that domain; whether that "
      + "is meant is yours to say",
    "empty_value": yours,
    "entitlement_not_in_profile":
      "the fix is in the provisioning profile or the App ID's capabilities, not in this file",
    "exclusive_keys": "which of the two keys to keep is yours to decide",
    "expired_provisioning_profile":
      "a profile is renewed on Apple's developer site (or by Xcode), then the build is signed "
      + "again; it is not edited",
    "gps_without_location_services": yours,
    "icon_composer_replaces_icon_set": "the icon files are outside this property list",
    "icon_pixel_size": "the image file must be re-exported at the right size",
    "ignored_arbitrary_loads": "whether the global exception is still wanted is yours to say",
    "info_plist_strings_file_name": "renaming a file is not an edit inside it",
    "insecure_http_exception": "only you know whether the server can serve HTTPS",
    "invalid_collected_data_type": "which data type Apple lists you meant is yours to say",
    "invalid_privacy_manifest": yours,
    "invalid_required_reason_code": "only you know why the app uses the API",
    "invalid_url_scheme": "a new scheme name changes the URLs other apps open",
    "invalid_value": yours,
    "key_for_other_platform":
      "the key may be meant for another target that shares this file; remove it if not",
    "key_in_wrong_file":
      "the key belongs in another file; infoscope edits one file at a time, so move it by hand",
    "localized_purpose_string_without_base": "only you can write the base sentence",
    "mac_icon_sizes": "the icon images must be made",
    "malformed_bundle_identifier": "the identifier is registered with Apple; choose it yourself",
    "malformed_bundle_version": "the version number is yours to choose",
    "malformed_deployment_target":
      "the deployment target is the earliest OS release you support, which only you know",
    "malformed_short_version": "the version number is yours to choose",
    "misplaced_privacy_manifest": "moving a file is not an edit inside it",
    "misplaced_transport_security_key":
      "the key must move to another dictionary, and which domain it was meant for is not "
      + "certain",
    "missing_app_store_icon": "the icon image must be made",
    "missing_bundle_executable": "the executable's name comes from the build",
    "missing_bundle_identifier": "the identifier is registered with Apple; choose it yourself",
    "missing_bundle_version": "the version number is yours to choose",
    "missing_icon_image": "the image file must be added to the bundle",
    "missing_icon_name": "the icon set's name is in your asset catalog",
    "missing_launch_screen":
      "below iOS 14 only a launch storyboard works, and that is a file you design",
    "missing_scene_manifest":
      "adopting scenes changes the app's code, not only the Info.plist",
    "nested_bundle_mismatch": "which bundle's value is right is yours to say",
    "placeholder_purpose_string": "only you can write the sentence that tells people why",
    "purpose_string_style": "only you can reword the sentence",
    "purpose_string_too_long": "only you can shorten the sentence",
    "purpose_string_wrong_type": "the sentence is yours to write",
    "queried_schemes_over_limit": "which schemes the app still needs is yours to choose",
    "required_reason_api_without_declaration": "only you know why the app uses the API",
    "sandbox_entitlement_without_sandbox":
      "turning the sandbox on or removing the key changes what the app may do; choose one",
    "sdk_only_reason_in_app": "only you know why the app uses the API",
    "temporary_exception_entitlement": "whether the app still needs the exception is yours to say",
    "unresolved_placeholder": "the value comes from a build setting you define",
    "unreadable_build_configuration":
      "the configuration file is yours to restore or to remove from the configuration in Xcode",
    "unreadable_input":
      "the input must be exported again (an .ipa or .xcarchive from Xcode's Organizer) or "
      + "its project repaired; infoscope does not rewrite archives",
    "unreadable_property_list": "the file must be repaired by hand where the reader stopped",
    "unknown_required_reason_category": "which category you meant is yours to say",
    "weak_minimum_tls_version": "only you know whether the server supports TLS 1.2",
    "web_or_media_arbitrary_loads": "whether web content needs the exception is yours to say",
    "wrong_root_type": "the file's whole content must be rebuilt",
    "near_miss_key":
      "the correctly spelt key is already present; which value is right is yours to decide",
    "duplicate_key":
      "a fix names a key by its path, which is the copy Apple keeps; delete the ignored copy by "
      + "hand in the tree",
    "missing_purpose_string": "only you can write the sentence that tells people why",
    "known_key_wrong_type":
      "the value's meaning in the documented type is not certain, so it is left to you",
    "get_task_allow_in_distribution": yours,
    "notarization_prerequisite": yours,
    "missing_app_sandbox": yours,
    "false_entitlement": yours,
    "launch_storyboard_name": yours,
    "ipad_multitasking_orientations": yours,
    "requires_full_screen_ineffective": yours,
    "full_screen_ignored_version_unused": yours,
    "subdomains_on_address": yours,
    "malformed_exception_domain": "the domain name you meant is not certain from what is written",
    "microphone_entitlement_identifier": yours,
    // The compiled asset catalog and the legacy icon files of a built bundle.
    "icon_name_not_in_catalog":
      "which icon set is the app icon is yours to say, and Assets.car is compiled from it",
    "missing_compiled_app_store_icon":
      "Assets.car is compiled; the App Store image must be added to the icon set",
    "compiled_app_store_icon_alpha":
      "Assets.car is compiled; re-export the 1024×1024 image without alpha and build again",
    "missing_required_icon_size":
      "the icon image must be made at that size and compiled into the bundle",
    "unreadable_asset_catalog": "Assets.car is the asset compiler's output; build it again",
    "embedded_bitcode": "bitcode leaves the binary when it is built again without it",
    "framework_minimum_os_version":
      "the framework's Info.plist comes from its own build; set its deployment target there",
    "frameworks_in_extension":
      "the folder comes from the extension's Embed Frameworks phase, not from a property list",
    "sdk_below_minimum": "the app must be built again with a newer Xcode and SDK",
    "simulator_architecture":
      "the simulator slices leave the binary when it is built for devices only (or with lipo)",
    "simulator_supported_platform": "the bundle must be built again for a device",
    "unexpected_bundle_executable":
      "whether the bundle lacks its executable or should not name one is yours to say",
    "missing_icon_file": "whether to add the image or drop the name is yours to decide",
  ]
}
