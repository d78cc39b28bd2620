#pragma once
// A widget (a view, or the whole window) saved as an image: PNG by its pixels, SVG as vectors
// (QSvgGenerator: the timeline's boxes, lines and text, the charts' series stay sharp at any
// zoom). The format follows the file's suffix.

#include <QString>

class QWidget;

namespace xo::gui {

// Empty on success, else one line naming the file and the fix.
QString save_widget_image(QWidget& widget, const QString& path);

bool is_image_path(const QString& path);  // ends in .png or .svg, in any case

}  // namespace xo::gui
