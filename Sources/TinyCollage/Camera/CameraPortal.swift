// The xdg-desktop-portal Camera portal (org.freedesktop.portal.Camera), the
// way sandboxed GNOME apps reach the camera: IsCameraPresent, then
// AccessCamera (which may ask the person, answering through a Request
// object's Response signal), then OpenPipeWireRemote, whose reply carries a
// PipeWire descriptor for `pipewiresrc fd=…`. All calls are asynchronous on
// the main loop. Choosing between the portal and V4L2 is CameraSourceChooser's.

import CGst
import Foundation

@MainActor
enum CameraPortal {
    enum Outcome {
        /// No portal on this bus (or no Camera interface on it): try V4L2.
        case unavailable
        case noCamera
        case refused
        case failed(String)
        /// A PipeWire remote for the cameras; the receiver owns the descriptor.
        case remote(fd: Int32)
    }

    private static let service = "org.freedesktop.portal.Desktop"
    private static let path = "/org/freedesktop/portal/desktop"
    private static let interface = "org.freedesktop.portal.Camera"

    static func open(_ done: @escaping @MainActor (Outcome) -> Void) {
        var error: UnsafeMutablePointer<GError>?
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
            g_clear_error(&error)
            return done(.unavailable)
        }
        let connection = Connection(bus)
        let property = tuple([g_variant_new_string(interface), g_variant_new_string("IsCameraPresent")])
        call(connection, interface: "org.freedesktop.DBus.Properties", method: "Get", parameters: property) { reply in
            switch reply {
            case let .failure(name, message):
                // No portal, an old one without the camera, or none activatable.
                let missing = name.hasPrefix("org.freedesktop.DBus.Error.")
                done(missing ? .unavailable : .failed(message))
            case let .success(value, _):
                let boxed = g_variant_get_child_value(value, 0)!
                let present = g_variant_get_variant(boxed)!
                let isPresent = g_variant_is_of_type(present, g_variant_type_checked_("b")) != 0
                    && g_variant_get_boolean(present) != 0
                g_variant_unref(present)
                g_variant_unref(boxed)
                if isPresent { requestAccess(connection, done) } else { done(.noCamera) }
            }
        }
    }

    /// AccessCamera answers with a Request object; its Response says whether
    /// the person allowed it (0), declined (1) or the dialog went away (2).
    private static func requestAccess(_ connection: Connection, _ done: @escaping @MainActor (Outcome) -> Void) {
        let token = "tinycollage_\(UInt32.random(in: 1...UInt32.max))"
        let sender = string(g_dbus_connection_get_unique_name(connection.pointer)) ?? ""
        let requestPath = "/org/freedesktop/portal/desktop/request/"
            + sender.dropFirst().replacingOccurrences(of: ".", with: "_") + "/" + token
        // Subscribed before the call, so a quick answer is not missed.
        let subscription = ResponseSubscription(connection, path: requestPath) { code in
            switch code {
            case 0: openRemote(connection, done)
            default: done(.refused)
            }
        }
        let options = dictionary(["handle_token": g_variant_new_string(token)])
        call(connection, interface: interface, method: "AccessCamera", parameters: tuple([options])) { reply in
            if case let .failure(name, message) = reply {
                subscription.cancel()
                done(name == "org.freedesktop.portal.Error.NotAllowed" ? .refused : .failed(message))
            }
        }
    }

    private static func openRemote(_ connection: Connection, _ done: @escaping @MainActor (Outcome) -> Void) {
        let options = dictionary([:])
        call(connection, interface: interface, method: "OpenPipeWireRemote",
             parameters: tuple([options])) { reply in
            switch reply {
            case let .failure(_, message):
                done(.failed(message))
            case let .success(value, fds):
                let handle = g_variant_get_child_value(value, 0)!
                let index = g_variant_get_handle(handle)
                g_variant_unref(handle)
                var error: UnsafeMutablePointer<GError>?
                let fd = fds.map { g_unix_fd_list_get($0, index, &error) } ?? -1
                g_clear_error(&error)
                done(fd >= 0 ? .remote(fd: fd) : .failed(tr("the portal gave no camera connection")))
            }
        }
    }

    // MARK: D-Bus plumbing

    /// One reference to the session bus connection.
    /// Unchecked: the pointer is not Sendable, but GDBusConnection is documented thread-safe.
    final class Connection: @unchecked Sendable {
        let pointer: OpaquePointer
        init(_ pointer: OpaquePointer) { self.pointer = pointer }
        deinit { g_object_unref(pointer.raw) }
    }

    enum Reply {
        /// The reply's tuple, and the descriptors that came with it.
        case success(OpaquePointer, UnsafeMutablePointer<GUnixFDList>?)
        /// The D-Bus error name (empty when not a remote error) and message.
        case failure(String, String)
    }

    private final class ReplyBox: Sendable {
        let connection: Connection
        let done: @MainActor (Reply) -> Void
        init(_ connection: Connection, _ done: @escaping @MainActor (Reply) -> Void) {
            self.connection = connection
            self.done = done
        }
    }

    private static func call(_ connection: Connection, interface: String, method: String, parameters: OpaquePointer,
                             _ done: @escaping @MainActor (Reply) -> Void) {
        let box = Unmanaged.passRetained(ReplyBox(connection, done)).toOpaque()
        g_dbus_connection_call_with_unix_fd_list(
            connection.pointer, service, path, interface, method, parameters, nil, G_DBUS_CALL_FLAGS_NONE,
            -1, nil, nil, { source, result, data in
                let box = Unmanaged<ReplyBox>.fromOpaque(data!).takeRetainedValue()
                nonisolated(unsafe) let result = result
                MainActor.assumeIsolated {
                    var fds: UnsafeMutablePointer<GUnixFDList>?
                    var error: UnsafeMutablePointer<GError>?
                    let value = g_dbus_connection_call_with_unix_fd_list_finish(box.connection.pointer, &fds, result, &error)
                    if let value {
                        box.done(.success(value, fds))
                        g_variant_unref(value)
                    } else {
                        let name = takeString(g_dbus_error_get_remote_error(error)) ?? ""
                        if error != nil { g_dbus_error_strip_remote_error(error) }
                        let message = error.flatMap { string($0.pointee.message) } ?? ""
                        g_clear_error(&error)
                        box.done(.failure(name, message))
                    }
                    if let fds { g_object_unref(UnsafeMutableRawPointer(fds)) }
                }
            }, box)
    }

    /// A tuple of `children` (a floating reference).
    private static func tuple(_ children: [OpaquePointer?]) -> OpaquePointer {
        g_variant_new_tuple(children, gsize(children.count))
    }

    /// An `a{sv}` of the given entries (a floating reference).
    private static func dictionary(_ entries: [String: OpaquePointer]) -> OpaquePointer {
        let type = g_variant_type_new("a{sv}")
        defer { g_variant_type_free(type) }
        let builder = g_variant_builder_new(type)!
        for (key, value) in entries {
            g_variant_builder_add_value(builder, g_variant_new_dict_entry(g_variant_new_string(key), g_variant_new_variant(value)))
        }
        let result = g_variant_builder_end(builder)!
        g_variant_builder_unref(builder)
        return result
    }

    /// Listens for one org.freedesktop.portal.Request::Response on `path`.
    /// GDBus calls back in the thread-default main context it was made in, the main loop's.
    @MainActor
    private final class ResponseSubscription {
        private let connection: Connection
        private var id: guint = 0
        private let handler: @MainActor (UInt32) -> Void

        init(_ connection: Connection, path: String, _ handler: @escaping @MainActor (UInt32) -> Void) {
            self.connection = connection
            self.handler = handler
            let data = Unmanaged.passRetained(self).toOpaque()
            id = g_dbus_connection_signal_subscribe(
                connection.pointer, nil, "org.freedesktop.portal.Request", "Response", path, nil,
                G_DBUS_SIGNAL_FLAGS_NONE, { _, _, _, _, _, parameters, data in
                    let subscription = Unmanaged<ResponseSubscription>.fromOpaque(data!).takeUnretainedValue()
                    nonisolated(unsafe) let parameters = parameters
                    MainActor.assumeIsolated {
                        guard let parameters, g_variant_n_children(parameters) >= 1 else { return }
                        let code = g_variant_get_child_value(parameters, 0)!
                        let value = g_variant_get_uint32(code)
                        g_variant_unref(code)
                        subscription.cancel()
                        subscription.handler(value)
                    }
                }, data, { data in Unmanaged<ResponseSubscription>.fromOpaque(data!).release() })
        }

        func cancel() {
            guard id != 0 else { return }
            let current = id
            id = 0
            g_dbus_connection_signal_unsubscribe(connection.pointer, current)
        }
    }
}
