// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: session files (JSON, the inputs, the limits, the view). A session read is
// written back and must read again as the same inputs and view.

#include "FuzzCheck.h"
#include "InputError.h"
#include "io/Session.h"

#include <QByteArray>

extern "C" int LLVMFuzzerTestOneInput(const unsigned char *data, std::size_t size) {
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    attn::Session session;
    try {
        session = attn::sessionFromJson(bytes);
    } catch (const attn::InputError &) {
        return 0;
    }
    try {
        const attn::Session back = attn::sessionFromJson(attn::sessionToJson(session));
        if (!(back.inputs == session.inputs) || back.view != session.view)
            fuzz::finding("session round trip changed the session");
    } catch (const attn::InputError &) {
        fuzz::finding("a session written by attnviz is refused by its reader");
    }
    return 0;
}
