// The photo-booth burst: 4 photos, 3 s apart, each after a countdown shown
// big over the live view ("3", "2", "1", then the shot), with "Photo 2 of 4"
// under it. The burst button turns into Stop while it runs; leaving the page
// or a camera problem stops it too.

import CGtk

extension CameraPage {
    struct Burst {
        static let shots = 4
        static let secondsApart = 3
        /// Tells an old timer (from a burst since stopped) from the current one.
        var token: Int
        var shotsTaken = 0
        var secondsLeft = Burst.secondsApart
    }

    private static var nextToken = 0

    func toggleBurst() {
        if burst != nil {
            stopBurst()
            return
        }
        Self.nextToken += 1
        burst = Burst(token: Self.nextToken)
        setBurstButton(running: true)
        gtk_widget_set_visible(countdownBox, 1)
        tick(Self.nextToken)
    }

    func stopBurst() {
        guard burst != nil else { return }
        burst = nil
        setBurstButton(running: false)
        gtk_widget_set_visible(countdownBox, 0)
    }

    private func tick(_ token: Int) {
        guard var current = burst, current.token == token else { return }
        if current.secondsLeft == 0 {
            takePhoto()
            current.shotsTaken += 1
            current.secondsLeft = Burst.secondsApart
            if current.shotsTaken == Burst.shots {
                stopBurst()
                return
            }
        }
        gtk_label_set_text(countdown.opaque, String(current.secondsLeft))
        gtk_label_set_text(countdownCaption.opaque, tr("Photo %s of %s", String(current.shotsTaken + 1), String(Burst.shots)))
        current.secondsLeft -= 1
        burst = current
        MainLoop.after(milliseconds: 1000) { [weak self] in self?.tick(token) }
    }

    private func setBurstButton(running: Bool) {
        if running {
            gtk_button_set_label(burstButton.cast(), tr("_Stop Burst"))
            AccessibleTree.label(burstButton, tr("Stop the burst"))
        } else {
            gtk_button_set_label(burstButton.cast(), tr("_4 Photos, 3 s Apart"))
            AccessibleTree.label(burstButton, tr("Take 4 photos, 3 seconds apart"))
        }
    }
}
