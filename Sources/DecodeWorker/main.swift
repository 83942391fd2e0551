// tinycollage-decoder: the decoder worker as a program of its own, started
// by the app's DecoderPool (never by a person) inside its sandbox. It links
// the render layer only — gdk-pixbuf, Cairo, Pango, gexiv2 — and none of
// GTK, libadwaita or GStreamer, so a worker maps less and starts sooner than
// the whole app would. What it does is DecodeWorker's (CollageRender).

import CollageRender
import Foundation

exit(DecodeWorker.run())
