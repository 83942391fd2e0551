// The render layer's drawing: Cairo, and Pango for the title's text. Apart
// from CPixbuf only because a system library target takes one pkg-config
// name; neither brings GTK. cairo-pdf.h: the PDF page PDFExporter draws on.
#ifndef TINYCOLLAGE_PANGOCAIRO_SHIM_H
#define TINYCOLLAGE_PANGOCAIRO_SHIM_H

#include <cairo.h>
#include <cairo-pdf.h>
#include <pango/pangocairo.h>

#endif
