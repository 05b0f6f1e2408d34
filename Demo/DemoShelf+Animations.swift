import TabNav

extension DemoShelf {
    /// The children of the Animations section.
    static let animations = [
        DemoShelf(id: "ocean", title: "Ocean", icon: "water.waves", videos: [
            Video(id: "the-paper-whale", title: "The Paper Whale", duration: "6:40",
                  summary: "A whale folded from an old map swims off the page in search of the sea."),
            Video(id: "coral-town", title: "Coral Town", duration: "8:12",
                  summary: "A busy reef street where the crab postman is always running late."),
            Video(id: "the-little-lighthouse-ship", title: "The Little Lighthouse Ship", duration: "5:25",
                  summary: "A tiny boat with a lamp on its mast guides lost fish home through a storm."),
        ]),
        DemoShelf(id: "forest", title: "Forest", icon: "tree", videos: [
            Video(id: "the-acorns-journey", title: "The Acorn's Journey", duration: "7:02",
                  summary: "Dropped by a jay, one acorn rolls through a whole forest before it takes root."),
            Video(id: "lantern-beetles", title: "Lantern Beetles", duration: "4:16",
                  summary: "Fireflies light the way for a hedgehog who is afraid of the dark."),
            Video(id: "parade-of-the-forest-spirits", title: "Parade of the Forest Spirits", duration: "9:48",
                  summary: "Once a year the old trees wake, and the forest's small spirits march to the glade."),
        ]),
        DemoShelf(id: "sky", title: "Sky", icon: "cloud", videos: [
            Video(id: "the-cloud-shepherd", title: "The Cloud Shepherd", duration: "6:18",
                  summary: "A girl with a long crook herds stray clouds back before the drought."),
            Video(id: "the-kite-that-flew-away", title: "The Kite That Flew Away", duration: "5:37",
                  summary: "A runaway kite tours the sky, from swallows to satellites, and comes back."),
            Video(id: "the-moon-and-the-owl", title: "The Moon and the Owl", duration: "4:59",
                  summary: "An owl who cannot sleep keeps the moon company through the longest night."),
        ]),
    ]
}
