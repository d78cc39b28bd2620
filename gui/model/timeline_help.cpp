#include "model/timeline_help.hpp"

namespace xo::gui {

QString timeline_help_text() {
  return QStringLiteral(
      "<h3>Timeline</h3>"
      "<p>Every rank fits the window: a row of MPI calls and, beneath it, one <i>protocols</i> row folding "
      "the rank's network lanes (phases coloured by kind: control messages blue, payload orange, copies "
      "green, waits grey, collective hardware purple). When ranks outnumber pixels, several share a "
      "pixel row, which shows what most of them do. The strip under the ruler shows, over time, the share "
      "of the ranks inside an MPI call, in the colour of the call most of them are in. Message lines are "
      "thinned to what the Messages box allows, a line across the screen counting as several: zoom in to see "
      "every message.</p>"
      "<table cellspacing='4'>"
      "<tr><td><b>Wheel</b></td><td>zoom time about the cursor</td></tr>"
      "<tr><td><b>Ctrl+wheel</b></td><td>zoom ranks about the cursor</td></tr>"
      "<tr><td><b>Shift+wheel</b>, <b>Up</b>/<b>Down</b></td><td>scroll the rows</td></tr>"
      "<tr><td><b>Drag</b></td><td>pan</td></tr>"
      "<tr><td><b>Right-drag</b> or <b>Shift+drag</b></td><td>zoom to the time band</td></tr>"
      "<tr><td><b>Drag over the rank labels</b></td><td>zoom to those ranks</td></tr>"
      "<tr><td><b>Click a rank's label</b></td><td>expand or fold its network lanes</td></tr>"
      "<tr><td><b>E</b></td><td>expand or fold every rank's lanes</td></tr>"
      "<tr><td><b>Click</b></td><td>select a call or phase (details below)</td></tr>"
      "<tr><td><b>Double-click</b>, <b>Home</b>, <b>0</b></td><td>fit all: whole time, every filtered rank</td></tr>"
      "<tr><td><b>+</b> / <b>-</b>, <b>Left</b> / <b>Right</b></td><td>zoom and pan by keys</td></tr>"
      "<tr><td><b>L</b></td><td>show or hide the legend</td></tr>"
      "<tr><td><b>Ctrl+R</b></td><td>rank filter: 0-15,32 or a communicator's name</td></tr>"
      "<tr><td><b>Ctrl+F</b></td><td>find a call, a rank or a tag</td></tr>"
      "<tr><td><b>Esc</b></td><td>clear the selection</td></tr>"
      "</table>");
}

}  // namespace xo::gui
