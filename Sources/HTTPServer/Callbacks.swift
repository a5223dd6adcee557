import CMicroHTTPD
import Glibc

/// The C functions libmicrohttpd calls. Each request's context is the raw
/// request target (from the URI log callback, before libmicrohttpd decodes
/// it) after one byte counting the access handler's calls: the handler
/// answers on its second call, once the request is complete, which keeps
/// keep-alive connections alive.
enum Callbacks {
    static let logURI: sitegen_mhd_uri_logger = { _, uri, _ in
        guard let uri else { return nil }
        let length = strlen(uri)
        guard let context = malloc(length + 2) else { return nil }
        context.storeBytes(of: 0, as: UInt8.self)
        memcpy(context + 1, uri, length + 1)
        return context
    }

    static let access: MHD_AccessHandlerCallback = { handler, connection, _, method, _, _, uploadSize, requestContext in
        guard let handler, let connection, let method, let context = requestContext?.pointee else { return MHD_Result.NO }
        let calls = context.load(as: UInt8.self)
        if calls == 0 {
            context.storeBytes(of: 1, as: UInt8.self)
            return MHD_Result.YES
        }
        if let uploadSize, uploadSize.pointee != 0 {
            uploadSize.pointee = 0
            return MHD_Result.YES
        }
        let target = context + 1
        let raw = Array(UnsafeRawBufferPointer(start: target, count: strlen(target.assumingMemoryBound(to: CChar.self))))
        let requestHandler = Unmanaged<RequestHandler>.fromOpaque(handler).takeUnretainedValue()
        return requestHandler.respond(connection, method: String(cString: method), raw: raw[...])
    }

    static let completed: MHD_RequestCompletedCallback = { _, _, requestContext, _ in
        guard let requestContext else { return }
        free(requestContext.pointee)
        requestContext.pointee = nil
    }

    static let readStream: MHD_ContentReaderCallback = { context, _, buffer, max in
        guard let context, let buffer else { return sitegen_mhd_end_of_stream }
        let stream = Unmanaged<StreamContext>.fromOpaque(context).takeUnretainedValue()
        return stream.hub.read(stream.stream, into: buffer, max: max)
    }

    static let freeStream: MHD_ContentReaderFreeCallback = { context in
        guard let context else { return }
        let stream = Unmanaged<StreamContext>.fromOpaque(context).takeRetainedValue()
        stream.hub.remove(stream.stream)
    }
}
