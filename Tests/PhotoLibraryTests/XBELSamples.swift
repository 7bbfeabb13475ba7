/// recently-used.xbel contents as GTK programs write them.
enum XBELSamples {
    /// Three bookmarks from two other programs, one of them remote, laid out as GLib writes.
    static let otherPrograms = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xbel version="1.0"
              xmlns:bookmark="http://www.freedesktop.org/standards/desktop-bookmarks"
              xmlns:mime="http://www.freedesktop.org/standards/shared-mime-info"
        >
          <bookmark href="file:///home/ana/Pictures/beach%20day.jpg" added="2024-05-01T10:00:00.000001Z" modified="2024-05-01T10:00:00.000001Z" visited="2024-05-01T10:00:00.000001Z">
            <info>
              <metadata owner="http://freedesktop.org">
                <mime:mime-type type="image/jpeg"/>
                <bookmark:applications>
                  <bookmark:application name="Image Viewer" exec="&apos;eog %u&apos;" modified="2024-05-01T10:00:00.000001Z" count="1"/>
                </bookmark:applications>
              </metadata>
            </info>
          </bookmark>
          <bookmark href="https://example.com/remote.png" added="2024-05-02T09:00:00Z" modified="2024-05-02T09:00:00Z" visited="2024-05-02T09:00:00Z">
            <info>
              <metadata owner="http://freedesktop.org">
                <mime:mime-type type="image/png"/>
                <bookmark:applications>
                  <bookmark:application name="Firefox" exec="&apos;firefox %u&apos;" modified="2024-05-02T09:00:00Z" count="3"/>
                </bookmark:applications>
              </metadata>
            </info>
          </bookmark>
          <bookmark href="file:///home/ana/Documents/R%26D%20notes.txt" added="2024-05-03T08:00:00Z" modified="2024-05-03T08:00:00Z" visited="2024-05-03T08:00:00Z">
            <info>
              <metadata owner="http://freedesktop.org">
                <mime:mime-type type="text/plain"/>
                <bookmark:groups>
                  <bookmark:group>gedit</bookmark:group>
                </bookmark:groups>
                <bookmark:applications>
                  <bookmark:application name="gedit" exec="&apos;gedit %u&apos;" modified="2024-05-03T08:00:00Z" count="2"/>
                  <bookmark:application name="Image Viewer" exec="&apos;eog %u&apos;" modified="2024-05-03T07:00:00Z" count="1"/>
                </bookmark:applications>
              </metadata>
            </info>
          </bookmark>
        </xbel>
        """

    static let beachPath = "/home/ana/Pictures/beach day.jpg"
    static let notesPath = "/home/ana/Documents/R&D notes.txt"
}
