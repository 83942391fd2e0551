#!/usr/bin/python3
"""The screen reader's view of a running app, for the window tests: what an
AT-SPI client (Orca, Accerciser) sees and does, through pyatspi.

  atspi.py tree APP                   every object of APP's windows, one JSON line each:
                                      role, name, description, states, screen extents,
                                      actions, value, and its path of indices
  atspi.py find APP NAME [ROLE]       the first object named NAME (and of ROLE), as JSON
  atspi.py act APP NAME ACTION [ROLE] does ACTION (e.g. "click", "activate", "toggle") on it
  atspi.py set-value APP NAME VALUE [ROLE]
                                      sets a value (spin buttons, sliders, dividers) through Value
  atspi.py text APP NAME TEXT         replaces an editable text's content (EditableText)
  atspi.py listen SECONDS EVENT...    prints each event of those types (e.g.
                                      object:announcement object:state-changed:showing
                                      object:text-changed:insert) as JSON until SECONDS pass

APP is the application's accessible name (TinyCollage, org.gnome.Nautilus…).
Exit status 1 when the object is not found, 2 on a usage error.
"""

import json
import sys
import time

import pyatspi


def application(name, timeout=10.0):
    deadline = time.monotonic() + timeout
    while True:
        desktop = pyatspi.Registry.getDesktop(0)
        for app in desktop:
            try:
                if app is not None and app.name in (name, name.lower()):
                    return app
            except Exception:
                continue
        if time.monotonic() > deadline:
            sys.exit(f"atspi: no application named {name!r} (have: {[a.name for a in desktop if a]})")
        time.sleep(0.1)


def describe(obj, path):
    states = obj.getState()
    entry = {
        "path": path,
        "role": obj.getRoleName(),
        "name": obj.name or "",
        "description": obj.description or "",
        "states": sorted(pyatspi.stateToString(s) for s in states.getStates()),
        "actions": [],
    }
    try:
        ext = obj.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        entry["extents"] = [ext.x, ext.y, ext.width, ext.height]
    except NotImplementedError:
        entry["extents"] = None
    try:
        action = obj.queryAction()
        entry["actions"] = [action.getName(i) for i in range(action.nActions)]
    except NotImplementedError:
        pass
    try:
        entry["value"] = obj.queryValue().currentValue
    except NotImplementedError:
        pass
    try:
        text = obj.queryText()
        entry["text"] = text.getText(0, text.characterCount)
    except NotImplementedError:
        pass
    return entry


def walk(obj, path=()):
    yield obj, list(path)
    for i in range(obj.childCount):
        try:
            child = obj.getChildAtIndex(i)
        except Exception:
            continue
        if child is not None:
            yield from walk(child, path + (i,))


def find(app, name, role=None, timeout=5.0):
    deadline = time.monotonic() + timeout
    while True:
        for obj, path in walk(app):
            try:
                if obj.name == name and (role is None or obj.getRoleName() == role):
                    if pyatspi.STATE_SHOWING in obj.getState().getStates() or role is not None:
                        return obj, path
            except Exception:
                continue
        if time.monotonic() > deadline:
            return None, None
        time.sleep(0.1)


def main(argv):
    if len(argv) < 2:
        sys.exit(__doc__)
    command = argv[1]
    if command == "tree" and len(argv) == 3:
        for obj, path in walk(application(argv[2])):
            try:
                print(json.dumps(describe(obj, path), ensure_ascii=False))
            except Exception as e:
                print(json.dumps({"path": path, "error": str(e)}))
        return 0
    if command in ("find", "act", "set-value", "text") and len(argv) >= 4:
        app = application(argv[2])
        role = None
        if command == "find" and len(argv) > 4:
            role = argv[4]
        if command in ("act", "set-value") and len(argv) > 5:
            role = argv[5]
        obj, path = find(app, argv[3], role)
        if obj is None:
            print(json.dumps({"error": f"no object named {argv[3]!r}"}))
            return 1
        if command == "find":
            print(json.dumps(describe(obj, path), ensure_ascii=False))
            return 0
        if command == "act":
            action = obj.queryAction()
            names = [action.getName(i) for i in range(action.nActions)]
            if argv[4] not in names:
                print(json.dumps({"error": f"{argv[3]!r} has no action {argv[4]!r}, only {names}"}))
                return 1
            action.doAction(names.index(argv[4]))
            print(json.dumps({"done": argv[4]}))
            return 0
        if command == "set-value":
            obj.queryValue().currentValue = float(argv[4])
            print(json.dumps({"value": obj.queryValue().currentValue}))
            return 0
        if command == "text":
            editable = obj.queryEditableText()
            editable.setTextContents(argv[4])
            print(json.dumps({"text": argv[4]}))
            return 0
    if command == "listen" and len(argv) >= 4:
        seconds = float(argv[2])

        def on_event(event):
            try:
                source = event.source.name if event.source else ""
                role = event.source.getRoleName() if event.source else ""
            except Exception:
                source, role = "", ""
            print(json.dumps({"type": event.type, "source": source, "role": role,
                              "detail1": event.detail1, "any": str(event.any_data)}, ensure_ascii=False), flush=True)

        for kind in argv[3:]:
            pyatspi.Registry.registerEventListener(on_event, kind)
        print(json.dumps({"listening": argv[3:]}), flush=True)
        deadline = time.monotonic() + seconds

        def stop():
            if time.monotonic() > deadline:
                pyatspi.Registry.stop()
                return False
            return True

        from gi.repository import GLib
        GLib.timeout_add(100, stop)
        pyatspi.Registry.start()
        return 0
    sys.exit(__doc__)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
