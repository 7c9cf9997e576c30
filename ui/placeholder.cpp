// replaced by the real window
