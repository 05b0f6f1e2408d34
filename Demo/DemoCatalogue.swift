public enum DemoCatalogue {}
