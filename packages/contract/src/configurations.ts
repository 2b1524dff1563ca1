import { type Static, Type } from 'typebox';

/**
 * Configuration groups (docs/product/milestones.md, "Configurations"): a project setting naming
 * the values a release is tested on, such as `Browser`: Chrome, Firefox, Safari.
 */

export const CONFIGURATION_LIMITS = {
  /** A group's or a configuration's name, in characters. */
  nameMax: 100,
  /** Groups per project. */
  groupsMax: 50,
  /** Configurations per group. */
  configurationsMax: 50,
} as const;

const ConfigurationName = Type.String({ minLength: 1, maxLength: CONFIGURATION_LIMITS.nameMax });

export const Configuration = Type.Object({ id: Type.Integer(), name: Type.String() });
export type Configuration = Static<typeof Configuration>;

export const ConfigurationGroup = Type.Object({
  id: Type.Integer(),
  project_id: Type.Integer(),
  name: Type.String(),
  /** In the order they were added. */
  configurations: Type.Array(Configuration),
});
export type ConfigurationGroup = Static<typeof ConfigurationGroup>;

export const ConfigurationGroupList = Type.Object({ groups: Type.Array(ConfigurationGroup) });
export type ConfigurationGroupList = Static<typeof ConfigurationGroupList>;

export const CreateConfigurationGroupBody = Type.Object(
  {
    name: ConfigurationName,
    configurations: Type.Array(ConfigurationName, { maxItems: CONFIGURATION_LIMITS.configurationsMax }),
  },
  { additionalProperties: false },
);
export type CreateConfigurationGroupBody = Static<typeof CreateConfigurationGroupBody>;

/**
 * A new name, and the group's whole list of configuration names: names already in the group keep
 * their ids, new ones are added, missing ones are removed. Omitted fields are kept.
 */
export const UpdateConfigurationGroupBody = Type.Object(
  {
    name: Type.Optional(ConfigurationName),
    configurations: Type.Optional(
      Type.Array(ConfigurationName, { maxItems: CONFIGURATION_LIMITS.configurationsMax }),
    ),
  },
  { additionalProperties: false },
);
export type UpdateConfigurationGroupBody = Static<typeof UpdateConfigurationGroupBody>;

export const ConfigurationGroupMutation = Type.Object({ message: Type.String(), group: ConfigurationGroup });
export type ConfigurationGroupMutation = Static<typeof ConfigurationGroupMutation>;
