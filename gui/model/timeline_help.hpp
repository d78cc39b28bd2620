#pragma once
// The timeline's mouse and keys as Help > Timeline: mouse and keys shows them (rich text); the
// README's table says the same.

#include <QString>

namespace xo::gui {

QString timeline_help_text();

}  // namespace xo::gui
