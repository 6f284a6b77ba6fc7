// Poppler's C++ core (libpoppler-private-dev): its headers are C++, included by
// CPopplerPictures's own source only. This module exists to give that target pkg-config's
// flags for poppler and its link; nothing in Swift imports it.
