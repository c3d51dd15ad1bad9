// Pictures and their decoder live in ParleyImaging, shared with the GTK front end; they are
// re-exported so that `import ParleyTerminal` still brings `Picture`, `PictureDecoder` and
// `PictureError` along, as it did when they lived here.
@_exported import ParleyImaging
